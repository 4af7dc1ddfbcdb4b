import { Effect } from "effect"
import { fileName } from "#toolkit/file-response.ts"
import { AudioUnavailable } from "./api.ts"
import type { CatalogShape } from "./catalog-shape.ts"
import { SongFiles } from "./ports.ts"
import { servedFile } from "./served-file.ts"
import { notFound, type SongAccess } from "./song-access.ts"

/**
 * A visible song's files: its MP3 (to play or to save), its WAV, converted once, and its cover; and for
 * its owner alone, its MIDI file.
 */
export const makeSongFileAnswers = (visibleSong: SongAccess["visibleSong"]) =>
  Effect.gen(function* () {
    const files = yield* SongFiles
    const serve = servedFile(files, notFound)

    const wav = Effect.fn("Catalog.wav")(function* (
      songId: string,
      viewerId: string | undefined,
      rangeHeader: string | undefined,
    ) {
      const state = yield* visibleSong(songId, viewerId)
      const key = yield* files.wav(state.audioKey).pipe(
        Effect.tapError((error) => Effect.logError("WAV conversion failed", error.reason)),
        Effect.mapError(
          () =>
            new AudioUnavailable({
              message: "Failed to convert to WAV. Please try again in a moment.",
            }),
        ),
      )
      return yield* serve(key, rangeHeader, fileName(state.title, "wav"))
    })

    return {
      audio: (songId, viewerId, request) =>
        Effect.flatMap(visibleSong(songId, viewerId), (state) =>
          serve(
            state.audioKey,
            request.rangeHeader,
            request.download ? fileName(state.title, "mp3") : undefined,
          ),
        ),
      wav,
      midi: (songId, userId, rangeHeader) =>
        Effect.flatMap(visibleSong(songId, userId), (state) =>
          state.userId === userId
            ? serve(state.midiKey, rangeHeader, fileName(state.title, "mid"))
            : notFound,
        ),
      cover: (songId, viewerId, rangeHeader) =>
        Effect.flatMap(visibleSong(songId, viewerId), (state) =>
          serve(state.imageKey, rangeHeader, undefined),
        ),
    } satisfies Pick<CatalogShape, "audio" | "wav" | "midi" | "cover">
  })
