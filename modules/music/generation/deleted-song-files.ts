import { Effect } from "effect"
import { SongDeleted } from "#events/contracts/catalog.ts"
import { decodeAll, type Subscription } from "#events/store/index.ts"
import { sizedCoversOf } from "#toolkit/storage/cover-keys.ts"
import { FileStorage, wavKeyOf } from "#toolkit/storage/index.ts"
import { generationOfVersion, versionKeys } from "../makers/music-maker.ts"

const decode = decodeAll(SongDeleted)

const isImage = (key: string) => /\.(jpe?g|png|webp)$/.test(key)

/**
 * A deleted song's files leave the store: those its song named (audio, cover, MIDI, timed lyrics) and
 * those media keeps beside its version (the cover's WebP and smaller copies, its stems, its musical facts,
 * its WAV). Removing a file that is not there is no error, so a replay removes nothing twice.
 */
export const removeDeletedSongFiles: Subscription<FileStorage> = {
  name: "media:remove-deleted-song-files",
  types: ["SongDeleted"],
  onPoison: "pause",
  handle: (events) =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      for (const { event } of yield* decode(events)) {
        const version = event.versionId ? generationOfVersion(event.versionId) : undefined
        const kept = version ? versionKeys(version.generationId, version.index) : undefined
        const keys = new Set([
          ...event.files,
          ...event.files.filter((key) => key.endsWith(".mp3")).map(wavKeyOf),
          ...event.files.filter(isImage).flatMap(sizedCoversOf),
          ...(kept ? [kept.coverWebp, kept.stems, kept.facts, kept.midi, kept.syncedLyrics] : []),
        ])
        for (const key of keys) yield* storage.remove(key).pipe(Effect.orDie)
      }
    }),
}
