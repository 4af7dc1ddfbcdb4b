/**
 * Puts a generation that failed at the provider into the journeys' server, as the music module would
 * record it: a SongGenerationFailed event on its own stream. Prints the generation's id.
 *   node <bundle>/seed-failed-generation.js <username> <status> <reason>
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { SongGenerationFailed } from "#events/contracts/media.ts"
import { EventStore, toNewEvent } from "#events/store/index.ts"
import { eventStoreLayer, pgLayer, userIdOf } from "./seed-store.ts"

const [username = "", status = "GENERATE_AUDIO_FAILED", reason = "The provider failed."] =
  process.argv.slice(2)

const program = Effect.gen(function* () {
  const store = yield* EventStore
  const userId = yield* userIdOf(username)
  const generationId = crypto.randomUUID()
  // Nothing was debited for it, so billing's refund finds nothing to give back.
  const event = new SongGenerationFailed({ generationId, userId, status, reason, credits: 5 })
  yield* store.append(`generation-${generationId}`, "no_stream", [
    toNewEvent(SongGenerationFailed)(
      event,
      { actor: Actors.system("media"), correlationId: generationId },
      crypto.randomUUID(),
    ),
  ])
  return generationId
})

const runtime = ManagedRuntime.make(eventStoreLayer.pipe(Layer.provideMerge(pgLayer)))
process.stdout.write(await runtime.runPromise(program))
await runtime.dispose()
// Done, and said so: exit rather than wait for the driver. When the runtime is disposed while the wake-ups'
// LISTEN connection is still being opened, that connection outlives the runtime and kept the script
// alive until the journey's 60 s limit (about one run in ten, by hand).
process.exit(0)
