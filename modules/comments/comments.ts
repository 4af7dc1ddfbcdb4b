import { Context, Effect, Layer } from "effect"
import { v7 as uuidv7 } from "uuid"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { type ContentRefused, NotFound, type TooManyRequests } from "#api/refusals.ts"
import { makeBlocks } from "#events/blocks.ts"
import { CommentEvent, commentStreams, SongCommentsEvent } from "#events/contracts/comments.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { ContentChecks } from "#toolkit/content-checks/index.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import {
  CommentPostedAnswer,
  CommentsClosed,
  CommentsSwitch,
  type NewCommentPayload,
  ReplyRefused,
} from "./api.ts"
import { type CommentCommand, comment } from "./comment.ts"
import { songComments } from "./song-comments.ts"
import { makeStandings } from "./song-standing.ts"

/** How often one person may post or edit: a conversation's pace, not a flood's. */
export const commentsPerPerson = { max: 10, per: "1 minute" } as const

const unknownSong = new NotFound({ message: "This song does not exist, or it is private." })
const unknownComment = new NotFound({
  message: "This comment does not exist, or it is not yours to change.",
})
const closed = new CommentsClosed({ message: "Comments are turned off for this song." })
const blockedByOwner = new CommentsClosed({
  message: "The owner of this song does not take your comments.",
})

const commentText = (text: string) => [{ field: "text", label: "Your comment", text }]

/** Comments under public songs, and each song owner's switch for them. */
export class Comments extends Context.Tag("@melody/comments/Comments")<
  Comments,
  {
    readonly post: (
      user: SignedInUser,
      songId: string,
      payload: typeof NewCommentPayload.Type,
    ) => Writes<
      CommentPostedAnswer,
      NotFound | CommentsClosed | ReplyRefused | TooManyRequests | ContentRefused
    >
    readonly edit: (
      user: SignedInUser,
      commentId: string,
      text: string,
    ) => Writes<void, NotFound | TooManyRequests | ContentRefused>
    readonly delete: (user: SignedInUser, commentId: string) => Writes<void, NotFound>
    readonly setOpen: (
      user: SignedInUser,
      songId: string,
      open: boolean,
    ) => Writes<CommentsSwitch, NotFound>
  }
>() {
  static readonly live = Layer.effect(
    Comments,
    Effect.gen(function* () {
      const standings = yield* makeStandings
      const limiter = yield* RateLimiter
      const checks = yield* ContentChecks
      const blocks = yield* makeBlocks

      /** Runs a command on a comment that stands; any refusal reads as a comment not found. */
      const run = (user: SignedInUser, commentId: string, command: CommentCommand) =>
        runCommand({
          decider: comment,
          events: CommentEvent,
          streamId: commentStreams.comment(commentId),
          command,
          actor: actorOf(user),
        }).pipe(
          Effect.asVoid,
          Effect.catchAll((refusal) =>
            refusal._tag === "CommentExists" ? Effect.die(refusal) : Effect.fail(unknownComment),
          ),
        )

      /**
       * A reply's comment: under the same song, standing, not itself a reply, and by someone who does not
       * block the one replying; its author.
       */
      const checkReply = Effect.fn("Comments.checkReply")(function* (
        user: SignedInUser,
        songId: string,
        parentId: string,
      ) {
        const parent = yield* standings.comment(parentId)
        if (parent === undefined || parent.deleted || parent.songId !== songId) {
          return yield* new ReplyRefused({
            message: "The comment you reply to is no longer there.",
          })
        }
        if (parent.parentId !== null) {
          return yield* new ReplyRefused({
            message: "Replies are one level deep: reply to the comment this reply answers.",
          })
        }
        if (yield* blocks(parent.authorId, user.userId)) {
          return yield* new ReplyRefused({ message: "You cannot reply to this person." })
        }
        return parent.authorId
      })

      const post = Effect.fn("Comments.post")(function* (
        user: SignedInUser,
        songId: string,
        payload: typeof NewCommentPayload.Type,
      ) {
        const song = yield* standings.song(songId)
        if (song === undefined || !song.isPublic) return yield* unknownSong
        if (!song.open) return yield* closed
        if (yield* blocks(song.ownerId, user.userId)) return yield* blockedByOwner
        const parentAuthorId =
          payload.replyTo === null ? null : yield* checkReply(user, songId, payload.replyTo)
        yield* limiter.hit(`comments:${user.userId}`, commentsPerPerson)
        yield* checks.check(commentText(payload.text))
        const commentId = uuidv7()
        yield* run(user, commentId, {
          _tag: "PostComment",
          commentId,
          songId,
          authorId: user.userId,
          parentId: payload.replyTo,
          text: payload.text,
          songOwnerId: song.ownerId,
          parentAuthorId,
        })
        return new CommentPostedAnswer({ id: commentId })
      })

      const edit = Effect.fn("Comments.edit")(function* (
        user: SignedInUser,
        commentId: string,
        text: string,
      ) {
        yield* limiter.hit(`comments:${user.userId}`, commentsPerPerson)
        yield* checks.check(commentText(text))
        yield* run(user, commentId, { _tag: "EditComment", userId: user.userId, text })
      })

      const remove = Effect.fn("Comments.delete")(function* (
        user: SignedInUser,
        commentId: string,
      ) {
        const standing = yield* standings.comment(commentId)
        if (standing === undefined) return yield* unknownComment
        const song = yield* standings.song(standing.songId)
        yield* run(user, commentId, {
          _tag: "DeleteComment",
          userId: user.userId,
          songOwnerId: song?.ownerId ?? "",
        })
      })

      const setOpen = Effect.fn("Comments.setOpen")(function* (
        user: SignedInUser,
        songId: string,
        open: boolean,
      ) {
        const song = yield* standings.song(songId)
        if (song === undefined || song.ownerId !== user.userId) return yield* unknownSong
        yield* runCommand({
          decider: songComments,
          events: SongCommentsEvent,
          streamId: commentStreams.song(songId),
          command: { _tag: open ? "OpenComments" : "CloseComments", songId },
          actor: actorOf(user),
          maxAttempts: 10,
        })
        return new CommentsSwitch({ open })
      })

      return Comments.of({ post, edit, delete: remove, setOpen })
    }),
  )
}
