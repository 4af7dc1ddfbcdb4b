import { Either } from "effect"
import { type LikeEvent, SongLiked, SongUnliked } from "#events/contracts/catalog.ts"
import type { Decider } from "#events/decider.ts"

/** One person's like of one song: liking twice changes nothing, nor does unliking what is not liked. */
export type LikeCommand =
  | { readonly _tag: "Like"; readonly songId: string; readonly userId: string }
  | { readonly _tag: "Unlike"; readonly songId: string; readonly userId: string }

export const like: Decider<LikeCommand, LikeEvent, boolean, never> = {
  initialState: false,
  evolve: (_liked, event) => event._tag === "SongLiked",
  decide: (command, liked) => {
    const fact = { songId: command.songId, userId: command.userId }
    switch (command._tag) {
      case "Like":
        return Either.right(liked ? [] : [new SongLiked(fact)])
      case "Unlike":
        return Either.right(liked ? [new SongUnliked(fact)] : [])
    }
  },
}
