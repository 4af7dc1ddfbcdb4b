import { Effect } from "effect"
import { awaitCommittedReadable, decodeAll, EventStore, Position } from "#events/store/index.ts"
import { NamingEvent, namedFiles } from "./named-files.ts"

const types: ReadonlyArray<string> = NamingEvent.members.map((member) => member._tag)
const decode = decodeAll(NamingEvent)

/**
 * The files everything committed so far says storage holds, read from the events on demand: backups and
 * `verify-media` ask rarely, and a kept table would cost every append.
 */
export const filesTheEventsName = Effect.gen(function* () {
  const store = yield* EventStore
  const fold = namedFiles()
  let after: Position = Position.start
  yield* awaitCommittedReadable()
  while (true) {
    const batch = yield* store.readAll(after, { limit: 1000, types })
    if (batch.length === 0) break
    after = batch[batch.length - 1]!
    for (const { event } of yield* decode(batch.filter((e) => types.includes(e.type)))) {
      fold.apply(event)
    }
  }
  return fold.files()
}).pipe(Effect.orDie)
