/**
 * Puts a finished generation into the journeys' server as the media module would deliver it: MP3s in
 * its media folder and a SongGenerationSucceeded event; the server's catalog saves the songs.
 *   node --import tsx web/e2e/seed-generation.ts <username> <title> <style> <versions> [seconds]
 */
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { SongGenerationSucceeded } from "#events/contracts/media.ts"
import { EventStore, EventStoreLive, EventWakeups, toNewEvent } from "#events/store/index.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { sineMp3 } from "#events/test-audio.ts"
import { MediaStorage, MediaStorageLive } from "#modules/media/index.ts"

const [username = "", title = "Song", style = "Pop", versions = "1", seconds = "4"] =
  process.argv.slice(2)
const state = JSON.parse(await readFile(process.env.E2E_STATE ?? "", "utf8")) as {
  databaseUrl?: string
  embeddedPort?: string
  dataDir: string
}
const databaseUrl =
  state.databaseUrl ??
  `postgres://postgres:${encodeURIComponent(
    (await readFile(join(state.dataDir, "postgres.password"), "utf8")).trim(),
  )}@127.0.0.1:${state.embeddedPort}/melody`

// The server keeps media under DATA_DIR/media (see modules/media/config.ts).
process.env.MEDIA_DIR = join(state.dataDir, "media")

const layer = Layer.mergeAll(
  EventStoreLive.pipe(Layer.provideMerge(EventWakeups.live)),
  MediaStorageLive,
).pipe(
  Layer.provideMerge(
    pgClientLayer({
      url: Redacted.make(databaseUrl),
      maxConnections: 2,
      applicationName: "e2e-seed",
    }),
  ),
)

const program = Effect.gen(function* () {
  const store = yield* EventStore
  const storage = yield* MediaStorage
  const registered = (yield* store.readStream(`username-${username.toLowerCase()}`))[0]
  const userId = (registered?.data as { userId?: string } | undefined)?.userId
  if (!userId) return yield* Effect.die(new Error(`no user ${username}`))
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
