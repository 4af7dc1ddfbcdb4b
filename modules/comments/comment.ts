import { Data, Either } from "effect"
import {
  CommentDeleted,
  CommentEdited,
  type CommentEvent,
  CommentPosted,
} from "#events/contracts/comments.ts"
import type { Decider } from "#events/decider.ts"

/** The most a comment says, in characters. */
export const maxCommentLength = 1000

/**
 * One comment. Whether it may be posted (the song is public and takes comments, the comment it answers is
 * not itself a reply) is checked against the song's and that comment's own streams before the command.
 */
export type CommentCommand =
  | {
      readonly _tag: "PostComment"
      readonly commentId: string
      readonly songId: string
      readonly authorId: string
      readonly parentId: string | null
      readonly text: string
      readonly songOwnerId: string
      readonly parentAuthorId: string | null
    }
  | { readonly _tag: "EditComment"; readonly userId: string; readonly text: string }
  /** `songOwnerId`: who owns the song the comment is under, who may remove any comment there. */
  | { readonly _tag: "DeleteComment"; readonly userId: string; readonly songOwnerId: string }

export interface CommentState {
  readonly commentId: string
  readonly songId: string
  readonly authorId: string
  readonly parentId: string | null
  readonly text: string
  readonly deleted: boolean
}

export class CommentNotFound extends Data.TaggedError("CommentNotFound") {}
export class CommentExists extends Data.TaggedError("CommentExists") {}
export class NotYourComment extends Data.TaggedError("NotYourComment") {}

export type CommentRefusal = CommentNotFound | CommentExists | NotYourComment

export const comment: Decider<
  CommentCommand,
  CommentEvent,
  CommentState | undefined,
  CommentRefusal
> = {
  initialState: undefined,
  evolve: (state, event) => {
    switch (event._tag) {
      case "CommentPosted":
        return { ...event, deleted: false }
      case "CommentEdited":
        return state && { ...state, text: event.text }
      case "CommentDeleted":
        return state && { ...state, deleted: true }
    }
  },
  decide: (command, state) => {
    if (command._tag === "PostComment") {
      if (state !== undefined) return Either.left(new CommentExists())
      const { _tag, ...posted } = command
      return Either.right([new CommentPosted(posted)])
    }
    if (state === undefined || state.deleted) return Either.left(new CommentNotFound())
    const { commentId, songId } = state
    switch (command._tag) {
      case "EditComment":
        if (command.userId !== state.authorId) return Either.left(new NotYourComment())
        return Either.right(
          command.text === state.text
            ? []
            : [new CommentEdited({ commentId, songId, text: command.text })],
        )
      case "DeleteComment": {
        const by =
          command.userId === state.authorId
            ? "author"
            : command.userId === command.songOwnerId
              ? "song owner"
              : undefined
        if (by === undefined) return Either.left(new NotYourComment())
        return Either.right([new CommentDeleted({ commentId, songId, by })])
      }
    }
  },
}
