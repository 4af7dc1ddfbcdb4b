import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { BlockEvent, communityStreams } from "#events/contracts/community.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { BlockState, CannotBlockSelf } from "./api.ts"
import { block } from "./block.ts"
import { makeCreatorNames } from "./creator-names.ts"

const unknownPerson = new NotFound({ message: "This person does not exist." })

/** Blocking and unblocking people, named by username; what a block ends is the reaction's. */
export class Blocks extends Context.Tag("@melody/community/Blocks")<
  Blocks,
  {
    readonly block: (
      user: SignedInUser,
      username: string,
    ) => Writes<BlockState, NotFound | CannotBlockSelf>
    readonly unblock: (user: SignedInUser, username: string) => Writes<BlockState, NotFound>
  }
>() {
  static readonly live = Layer.effect(
    Blocks,
    Effect.gen(function* () {
      const personOf = yield* makeCreatorNames

      const setBlocking = Effect.fn("Blocks.setBlocking")(function* (
        user: SignedInUser,
        username: string,
        blocking: boolean,
      ) {
        const blockedId = yield* personOf(username)
        if (blockedId === undefined) return yield* unknownPerson
        // Nobody blocks themselves, so unblocking oneself is already done.
        if (blockedId === user.userId && !blocking) return new BlockState({ blocking })
        if (blockedId === user.userId) {
          return yield* new CannotBlockSelf({ message: "You cannot block yourself." })
        }
        const pair = { blockerId: user.userId, blockedId }
        yield* runCommand({
          decider: block,
          events: BlockEvent,
          streamId: communityStreams.block(pair.blockerId, pair.blockedId),
          command: { _tag: blocking ? "Block" : "Unblock", ...pair },
          actor: actorOf(user),
          maxAttempts: 10,
        })
        return new BlockState({ blocking })
      })

      return Blocks.of({
        block: (user, username) => setBlocking(user, username, true),
        unblock: (user, username) =>
          setBlocking(user, username, false).pipe(Effect.catchTag("CannotBlockSelf", Effect.die)),
      })
    }),
  )
}
