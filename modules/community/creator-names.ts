import { Effect, Schema } from "effect"
import { identityStreams, UsernameClaimed } from "#events/contracts/identity.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"

const decode = decodeAll(Schema.Union(UsernameClaimed))

/**
 * Who holds a username, read from identity's claim of it (its own stream, written with the registration):
 * as current as identity's decisions, with nothing asked of identity.
 */
export const makeCreatorNames = Effect.map(
  EventStore,
  (store) => (username: string) =>
    store.readStream(identityStreams.username(username)).pipe(
      Effect.flatMap(decode),
      Effect.map((claims) => claims[0]?.event.userId),
      Effect.orDie,
    ),
)
