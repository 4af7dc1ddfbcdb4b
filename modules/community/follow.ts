import { Either } from "effect"
import {
  CreatorFollowed,
  CreatorUnfollowed,
  type FollowEvent,
} from "#events/contracts/community.ts"
import type { Decider } from "#events/decider.ts"

/**
 * One person following one creator: following twice changes nothing, nor does unfollowing someone not
 * followed. Who may be followed (someone who exists, never oneself) is checked before the command.
 */
export type FollowCommand =
  | { readonly _tag: "Follow"; readonly followerId: string; readonly creatorId: string }
  | { readonly _tag: "Unfollow"; readonly followerId: string; readonly creatorId: string }

export const follow: Decider<FollowCommand, FollowEvent, boolean, never> = {
  initialState: false,
  evolve: (_following, event) => event._tag === "CreatorFollowed",
  decide: (command, following) => {
    const fact = { followerId: command.followerId, creatorId: command.creatorId }
    switch (command._tag) {
      case "Follow":
        return Either.right(following ? [] : [new CreatorFollowed(fact)])
      case "Unfollow":
        return Either.right(following ? [new CreatorUnfollowed(fact)] : [])
    }
  },
}
