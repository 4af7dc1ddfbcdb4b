import { Schema } from "effect"

/**
 * What people say under public songs. Each comment is its own stream, `comment-<commentId>`, so two
 * people commenting never contend; whether a song takes comments is its owner's switch, on
 * `song-comments-<songId>`.
 */

/**
 * `authorId` said `text` under `songId`; `parentId` is the comment it answers (replies are one level
 * deep: a reply answers a comment, never another reply), or null. Who the comment is news for, as they
 * stood when it was posted: the song's owner, and the author of the comment it answers.
 */
export class CommentPosted extends Schema.TaggedClass<CommentPosted>()("CommentPosted", {
  commentId: Schema.String,
  songId: Schema.String,
  authorId: Schema.String,
  parentId: Schema.NullOr(Schema.String),
  text: Schema.String,
  songOwnerId: Schema.String,
  parentAuthorId: Schema.NullOr(Schema.String),
}) {}

/** Its author wrote the comment again; it shows as edited. */
export class CommentEdited extends Schema.TaggedClass<CommentEdited>()("CommentEdited", {
  commentId: Schema.String,
  songId: Schema.String,
  text: Schema.String,
}) {}

/** The comment is gone: taken back by its author, or removed by the owner of the song it is under. */
export class CommentDeleted extends Schema.TaggedClass<CommentDeleted>()("CommentDeleted", {
  commentId: Schema.String,
  songId: Schema.String,
  by: Schema.Literal("author", "song owner"),
}) {}

export const CommentEvent = Schema.Union(CommentPosted, CommentEdited, CommentDeleted)
export type CommentEvent = typeof CommentEvent.Type

/** The song's owner turned comments off: none can be posted, and those there are no longer shown. */
export class SongCommentsClosed extends Schema.TaggedClass<SongCommentsClosed>()(
  "SongCommentsClosed",
  { songId: Schema.String },
) {}

/** The song's owner turned comments on again: those there show again. */
export class SongCommentsOpened extends Schema.TaggedClass<SongCommentsOpened>()(
  "SongCommentsOpened",
  { songId: Schema.String },
) {}

export const SongCommentsEvent = Schema.Union(SongCommentsClosed, SongCommentsOpened)
export type SongCommentsEvent = typeof SongCommentsEvent.Type

export const commentStreams = {
  comment: (commentId: string) => `comment-${commentId}`,
  song: (songId: string) => `song-comments-${songId}`,
}
