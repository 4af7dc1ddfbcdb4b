import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { communityStreams, FollowEvent } from "#events/contracts/community.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { CannotFollowSelf, FollowState } from "./api.ts"
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
    ) => Writes<FollowState, NotFound | CannotFollowSelf>
    readonly unfollow: (user: SignedInUser, username: string) => Writes<FollowState, NotFound>
  }
>() {
  static readonly live = Layer.effect(
    Follows,
    Effect.gen(function* () {
      const creatorOf = yield* makeCreatorNames

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
          setFollowing(user, username, false).pipe(Effect.catchTag("CannotFollowSelf", Effect.die)),
      })
    }),
  )
}
