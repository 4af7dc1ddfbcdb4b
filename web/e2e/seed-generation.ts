/**
 * Puts a finished generation into the journeys' server as the music module would deliver it: MP3s in
 * its media folder and a SongGenerationSucceeded event; the server's catalog saves the songs.
 *   node <bundle>/seed-generation.js <username> <title> <style> <versions> [seconds]
 */
import { join } from "node:path"
import { Effect, Layer, ManagedRuntime } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { SongGenerationSucceeded } from "#events/contracts/media.ts"
import { EventStore, toNewEvent } from "#events/store/index.ts"
import { FileStorage, FileStorageLive, StorageConfigLive } from "#toolkit/storage/index.ts"
import { sineMp3 } from "#toolkit/test-audio.ts"
import { dataDir, eventStoreLayer, pgLayer, userIdOf } from "./seed-store.ts"

const [username = "", title = "Song", style = "Pop", versions = "1", seconds = "4"] =
  process.argv.slice(2)

// The server keeps media under DATA_DIR/media (see toolkit/storage/storage-config.ts).
process.env.MEDIA_DIR = join(dataDir, "media")

const layer = Layer.mergeAll(
  eventStoreLayer,
  FileStorageLive.pipe(Layer.provide(StorageConfigLive)),
).pipe(Layer.provideMerge(pgLayer))

const program = Effect.gen(function* () {
  const store = yield* EventStore
  const storage = yield* FileStorage
  const userId = yield* userIdOf(username)
  const generationId = crypto.randomUUID()
  const list = []
  for (let index = 1; index <= Number(versions); index++) {
    const versionId = crypto.randomUUID()
    const audioKey = `songs/${versionId}.mp3`
    yield* storage.put(audioKey, yield* sineMp3(Number(seconds), 220 + index * 110))
    list.push({
      versionId,
      index,
      audioKey,
      imageKey: null,
      sourceImageUrl: null,
      durationMs: Number(seconds) * 1000,
    })
  }
  const event = new SongGenerationSucceeded({
    generationId,
    userId,
    title,
    style,
    lyrics: `[Verse 1]\nThis is ${title}\n\n[Chorus]\n${title}, ${title}`,
    versions: list,
  })
  yield* store.append(`generation-${generationId}`, "no_stream", [
    toNewEvent(SongGenerationSucceeded)(
      event,
      { actor: Actors.system("media"), correlationId: generationId },
      crypto.randomUUID(),
    ),
  ])
})

const runtime = ManagedRuntime.make(layer)
await runtime.runPromise(program)
await runtime.dispose()
// Done, and said so: exit rather than wait for the driver. When the runtime is disposed while the wake-ups'
// LISTEN connection is still being opened, that connection outlives the runtime and kept the script
// alive until the journey's 60 s limit (about one run in ten, by hand).
process.exit(0)
