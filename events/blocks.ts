import { Effect } from "effect"
import { BlockEvent, communityStreams } from "./contracts/community.ts"
import { decodeAll, EventStore } from "./store/index.ts"

const decode = decodeAll(BlockEvent)

/**
 * Whether `blockerId` blocks `blockedId`, read from the pair's stream, so that comments and follows
 * decide as current as the block itself, with nothing asked of the community module.
 */
export const makeBlocks = Effect.map(
  EventStore,
  (store) => (blockerId: string, blockedId: string) =>
    store.readStream(communityStreams.block(blockerId, blockedId)).pipe(
      Effect.flatMap(decode),
      Effect.map((history) => history.at(-1)?.event._tag === "PersonBlocked"),
      Effect.orDie,
    ),
)
