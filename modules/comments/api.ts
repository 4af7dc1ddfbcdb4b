import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { trimmedText } from "#api/messages.ts"
import { ContentRefused, NotFound, TooManyRequests } from "#api/refusals.ts"

/** The song an address names. */
export const CommentSongPath = Schema.Struct({ id: Schema.String.pipe(Schema.maxLength(64)) })

/** The comment an address names. */
export const CommentPath = Schema.Struct({ commentId: Schema.String.pipe(Schema.maxLength(64)) })

/** What a comment says: text, shown as text (a link in it is not made a link). */
const CommentText = trimmedText("A comment", 1000, { required: true })

/** A new comment under a song, or a reply to one of its comments (`replyTo`). */
export const NewCommentPayload = Schema.Struct({
  text: CommentText,
  replyTo: Schema.optionalWith(Schema.NullOr(Schema.String.pipe(Schema.maxLength(64))), {
    default: () => null,
  }),
})

export const CommentTextPayload = Schema.Struct({ text: CommentText })

export const CommentsSwitchPayload = Schema.Struct({
  open: Schema.Boolean.annotations({ message: () => "open must be true or false" }),
})

/** The comment just posted: its id. */
export class CommentPostedAnswer extends Schema.Class<CommentPostedAnswer>("CommentPostedAnswer")({
  id: Schema.String,
}) {}

/** Whether the song takes comments, after the call. */
export class CommentsSwitch extends Schema.Class<CommentsSwitch>("CommentsSwitch")({
  open: Schema.Boolean,
}) {}

/** The song's owner turned its comments off. */
export class CommentsClosed extends Schema.TaggedError<CommentsClosed>()(
  "CommentsClosed",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 403 }),
) {}

/** A reply answers a comment under the same song, never another reply. */
export class ReplyRefused extends Schema.TaggedError<ReplyRefused>()(
  "ReplyRefused",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** Posting, editing and deleting comments, and a song owner's switch for them. */
export class CommentsApi extends HttpApiGroup.make("comments")
  .add(
    HttpApiEndpoint.post("post", "/songs/:id/comments")
      .setPath(CommentSongPath)
      .setPayload(NewCommentPayload)
      .addSuccess(CommentPostedAnswer, { status: 201 })
      .addError(NotFound)
      .addError(CommentsClosed)
      .addError(ReplyRefused)
      .addError(TooManyRequests)
      .addError(ContentRefused)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.patch("edit", "/comments/:commentId")
      .setPath(CommentPath)
      .setPayload(CommentTextPayload)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .addError(TooManyRequests)
      .addError(ContentRefused)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("delete", "/comments/:commentId")
      .setPath(CommentPath)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.put("setOpen", "/songs/:id/comments/open")
      .setPath(CommentSongPath)
      .setPayload(CommentsSwitchPayload)
      .addSuccess(CommentsSwitch)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "Comments under public songs: posted, edited and deleted by their authors; a song's owner removes any there and turns them off.",
  ) {}
