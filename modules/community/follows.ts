import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { makeBlocks } from "#events/blocks.ts"
import { communityStreams, FollowEvent } from "#events/contracts/community.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { CannotFollowSelf, FollowRefused, FollowState } from "./api.ts"
import { makeCreatorNames } from "./creator-names.ts"
import { follow } from "./follow.ts"

const unknownCreator = new NotFound({ message: "This creator does not exist." })

/** Following and unfollowing creators, named by username. */
export class Follows extends Context.Tag("@melody/community/Follows")<
  Follows,
  {
    readonly follow: (
      user: SignedInUser,
      username: string,
    ) => Writes<FollowState, NotFound | CannotFollowSelf | FollowRefused>
    readonly unfollow: (user: SignedInUser, username: string) => Writes<FollowState, NotFound>
  }
>() {
  static readonly live = Layer.effect(
    Follows,
    Effect.gen(function* () {
      const creatorOf = yield* makeCreatorNames
      const blocks = yield* makeBlocks

      /** Neither of two people where one blocks the other follows the other. */
      const checkBlocks = Effect.fn("Follows.checkBlocks")(function* (
        followerId: string,
        creatorId: string,
      ) {
        if (yield* blocks(creatorId, followerId))
          return yield* new FollowRefused({ message: "You cannot follow this creator." })
        if (yield* blocks(followerId, creatorId))
          return yield* new FollowRefused({
            message: "You block this creator: unblock them to follow them.",
          })
      })

      const setFollowing = Effect.fn("Follows.setFollowing")(function* (
        user: SignedInUser,
        username: string,
        following: boolean,
      ) {
        const creatorId = yield* creatorOf(username)
        if (creatorId === undefined) return yield* unknownCreator
        if (creatorId === user.userId) {
          return yield* new CannotFollowSelf({ message: "You cannot follow yourself." })
        }
        const pair = { followerId: user.userId, creatorId }
        if (following) yield* checkBlocks(pair.followerId, pair.creatorId)
        yield* runCommand({
          decider: follow,
          events: FollowEvent,
          streamId: communityStreams.follow(pair.followerId, pair.creatorId),
          command: { _tag: following ? "Follow" : "Unfollow", ...pair },
          actor: actorOf(user),
          maxAttempts: 10,
        })
        return new FollowState({ following })
      })

      return Follows.of({
        follow: (user, username) => setFollowing(user, username, true),
        unfollow: (user, username) =>
          setFollowing(user, username, false).pipe(
            Effect.catchTags({ CannotFollowSelf: Effect.die, FollowRefused: Effect.die }),
          ),
      })
    }),
  )
}
