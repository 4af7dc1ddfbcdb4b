import { link, mkdir } from "node:fs/promises"
import { dirname, join } from "node:path"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { mediaStreams, SongGenerationSucceeded } from "#events/contracts/media.ts"
import { EventStore, EventStoreLive, toNewEvent } from "#events/store/index.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { EventWakeups } from "#events/store/wakeups.ts"

const encode = toNewEvent(SongGenerationSucceeded)

/**
 * `songs` finished songs of one person's, as the music module delivers them (two versions to a
 * generation), appended to the running server's event store; each version's MP3 a hard link to `mp3` in
 * the server's media folder, so a thousand songs take the disk space of one. The server's catalog saves
 * them as it does any generation.
 */
export const seedLibrary = async (options: {
  readonly databaseUrl: string
  readonly mediaDir: string
  readonly userId: string
  readonly songs: number
  readonly mp3: string
  readonly durationMs: number
}) => {
  const runtime = ManagedRuntime.make(
    EventStoreLive.pipe(
      Layer.provideMerge(EventWakeups.live),
      Layer.provideMerge(pgClientLayer({ url: Redacted.make(options.databaseUrl) })),
    ),
  )
  for (let first = 1; first <= options.songs; first += 2) {
    const generationId = crypto.randomUUID()
    const versions = []
    for (let index = 1; index <= Math.min(2, options.songs - first + 1); index++) {
      const audioKey = `generations/${generationId}/${index}.mp3`
      const path = join(options.mediaDir, audioKey)
      await mkdir(dirname(path), { recursive: true })
      await link(options.mp3, path)
      versions.push({
        versionId: `${generationId}-${index}`,
        index,
        audioKey,
        imageKey: null,
        sourceImageUrl: null,
        durationMs: options.durationMs,
      })
    }
    const event = new SongGenerationSucceeded({
      generationId,
      userId: options.userId,
      title: `Song ${Math.ceil(first / 2)}`,
      style: "Pop, upbeat, female vocals",
      lyrics: "[Verse]\nA line to sing\n[Chorus]\nAnd one to sing along",
      versions,
    })
    await runtime.runPromise(
      Effect.flatMap(EventStore, (store) =>
        store.append(mediaStreams.generation(generationId), "no_stream", [
          encode(
            event,
            { actor: Actors.system("media"), correlationId: generationId },
            crypto.randomUUID(),
          ),
        ]),
      ),
    )
  }
  await runtime.dispose()
}
