import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Viewer } from "#api/auth.ts"
import { withMessage } from "#api/messages.ts"
import { pageFields } from "#api/page-params.ts"
import { NotFound } from "#api/refusals.ts"
import { CommentPath, CommentSongPath } from "#modules/comments/api.ts"

/** Who wrote a comment, as a card names them. */
export class CommentAuthor extends Schema.Class<CommentAuthor>("CommentAuthor")({
  username: Schema.String,
  name: Schema.String,
  /** The picture they uploaded; null while they show the one drawn from their name. */
  avatarUrl: Schema.NullOr(Schema.String),
}) {}

const commentFields = {
  id: Schema.String,
  author: CommentAuthor,
  /** Empty once deleted: a deleted comment shows only where replies stand under it. */
  text: Schema.String,
  postedAt: Schema.Date,
  edited: Schema.Boolean,
  deleted: Schema.Boolean,
  /** Whether the viewer wrote it, and may edit it. */
  isYours: Schema.Boolean,
  /** Why an admin hid it: only its author is shown a hidden comment, with this note. */
  hidden: Schema.NullOr(Schema.String),
}

export class CommentReply extends Schema.Class<CommentReply>("CommentReply")(commentFields) {}

export class CommentView extends Schema.Class<CommentView>("CommentView")({
  ...commentFields,
  /** Its first replies, oldest first. */
  replies: Schema.Array(CommentReply),
  /** Whether more replies stand under it than it carries: `repliesPage` reads them all. */
  moreReplies: Schema.Boolean,
}) {}

/** A page of one comment's replies, oldest first. */
export class RepliesPage extends Schema.Class<RepliesPage>("RepliesPage")({
  replies: Schema.Array(CommentReply),
  /** Whether more stand after this page. */
  more: Schema.Boolean,
}) {}

/** A page of a song's comments, with how many stand in all and whether more may be posted. */
export class CommentsPage extends Schema.Class<CommentsPage>("CommentsPage")({
  /** Comments and replies not deleted. */
  total: Schema.Int,
  open: Schema.Boolean,
  /** Whether the viewer owns the song, and so may remove any comment and turn them off. */
  isYourSong: Schema.Boolean,
  comments: Schema.Array(CommentView),
}) {}

const orders = ["newest", "top"] as const

export const CommentsParams = Schema.Struct({
  order: Schema.optionalWith(
    withMessage(Schema.Literal(...orders), `order must be one of: ${orders.join(", ")}`),
    { default: () => "newest" as const },
  ),
  ...pageFields({ maxLimit: 100, defaultLimit: 50, maxOffset: 100_000 }),
})

export const RepliesParams = Schema.Struct(
  pageFields({ maxLimit: 500, defaultLimit: 50, maxOffset: 100_000 }),
)

const ReplyPath = Schema.Struct({ ...CommentSongPath.fields, ...CommentPath.fields })

/** The comments under a song, as one viewer (or nobody) reads them. */
export class CommentReadsApi extends HttpApiGroup.make("commentReads")
  .add(
    HttpApiEndpoint.get("songComments", "/songs/:id/comments")
      .setPath(CommentSongPath)
      .setUrlParams(CommentsParams)
      .addSuccess(CommentsPage)
      .addError(NotFound)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("repliesPage", "/songs/:id/comments/:commentId/replies")
      .setPath(ReplyPath)
      .setUrlParams(RepliesParams)
      .addSuccess(RepliesPage)
      .addError(NotFound)
      .middleware(Viewer),
  )
  .annotate(
    OpenApi.Description,
    "A song's comments, newest or most answered first, each with its first three replies, and all of a comment's replies on asking: a private song's only to its owner.",
  ) {}
