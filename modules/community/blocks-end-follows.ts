import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { communityStreams, FollowEvent, PersonBlocked } from "#events/contracts/community.ts"
import { runCommand } from "#events/handle-command.ts"
import { decodeAll, type EventStore, type Subscription } from "#events/store/index.ts"
import { follow } from "./follow.ts"

const decode = decodeAll(PersonBlocked)
const actor = Actors.system("community")

/**
 * A block ends the follows between the two people, both ways, as every platform's block does: neither
 * keeps the other's songs in their Following list. Unfollowing is idempotent, so a replay changes nothing.
 */
export const blocksEndFollows: Subscription<EventStore | SqlClient.SqlClient> = {
  name: "community:blocks-end-follows",
  types: ["PersonBlocked"],
  onPoison: "pause",
  handle: (events) =>
    Effect.gen(function* () {
      for (const { event } of yield* decode(events)) {
        for (const [followerId, creatorId] of [
          [event.blockerId, event.blockedId],
          [event.blockedId, event.blockerId],
        ] as const) {
          yield* runCommand({
            decider: follow,
            events: FollowEvent,
            streamId: communityStreams.follow(followerId, creatorId),
            command: { _tag: "Unfollow", followerId, creatorId },
            actor,
            maxAttempts: 10,
          }).pipe(Effect.orDie)
        }
      }
    }),
}
