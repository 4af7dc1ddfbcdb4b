import { Either } from "effect"
import {
  SongCommentsClosed,
  type SongCommentsEvent,
  SongCommentsOpened,
} from "#events/contracts/comments.ts"
import type { Decider } from "#events/decider.ts"

/**
 * Whether a song takes comments: it does until its owner turns them off. Asking for what already holds
 * records nothing. That the one asking owns the song is checked against the song's stream first.
 */
export type SongCommentsCommand =
  | { readonly _tag: "CloseComments"; readonly songId: string }
  | { readonly _tag: "OpenComments"; readonly songId: string }

export const songComments: Decider<SongCommentsCommand, SongCommentsEvent, boolean, never> = {
  initialState: true,
  evolve: (_open, event) => event._tag === "SongCommentsOpened",
  decide: (command, open) => {
    const songId = command.songId
    if (command._tag === "CloseComments")
      return Either.right(open ? [new SongCommentsClosed({ songId })] : [])
    return Either.right(open ? [] : [new SongCommentsOpened({ songId })])
  },
}
