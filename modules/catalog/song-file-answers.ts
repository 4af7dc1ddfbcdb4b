import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { webpCoverOf } from "#events/contracts/media.ts"
import { attachment, fileName } from "#toolkit/file-response.ts"
import { AudioUnavailable } from "./api.ts"
import type { CatalogShape } from "./catalog-shape.ts"
import { lrcOf } from "./lrc.ts"
import { SongFiles } from "./ports.ts"
import { servedFile } from "./served-file.ts"
import { partsOpenTo } from "./song.ts"
import { notFound, type SongAccess } from "./song-access.ts"
import { readSyncedLyrics } from "./synced-lyrics-file.ts"

/**
 * A visible song's files: its MP3 (to play or to save), its WAV, converted once, its cover (as WebP to
 * browsers that read it, where it has that form too, and at a smaller width when asked), and when its
 * lines are sung (as JSON for the player, as LRC to save); and for its owner, or others while it is
 * public and its parts are shared, its MIDI file.
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

    const syncedLyrics = Effect.fn("Catalog.syncedLyrics")(function* (
      songId: string,
      viewerId: string | undefined,
    ) {
      const state = yield* visibleSong(songId, viewerId)
      if (state.syncedLyricsKey === null) return yield* notFound
      const lyrics = yield* readSyncedLyrics(files, state.syncedLyricsKey).pipe(Effect.orDie)
      return { state, lyrics }
    })

    return {
      syncedLyrics: (songId, viewerId) =>
        Effect.map(syncedLyrics(songId, viewerId), ({ lyrics }) => lyrics),
      lrc: (songId, viewerId) =>
        Effect.map(syncedLyrics(songId, viewerId), ({ state, lyrics }) =>
          HttpServerResponse.text(lrcOf(state.title, state.durationMs, lyrics), {
            contentType: "application/x-lrc; charset=utf-8",
            headers: { "content-disposition": attachment(fileName(state.title, "lrc")) },
          }),
        ),
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
          partsOpenTo(state, userId)
            ? serve(state.midiKey, rangeHeader, fileName(state.title, "mid"))
            : notFound,
        ),
      cover: (songId, viewerId, { rangeHeader, acceptsWebp, width }) =>
        Effect.gen(function* () {
          const { imageKey } = yield* visibleSong(songId, viewerId)
          const sized =
            imageKey && acceptsWebp && width ? yield* files.sizedCover(imageKey, width) : undefined
          const twin = imageKey && acceptsWebp ? webpCoverOf(imageKey) : null
          const key =
            sized ?? (twin !== imageKey && twin && (yield* files.stat(twin)) ? twin : imageKey)
          const served = yield* serve(key, rangeHeader, undefined)
          // Caches keep the two forms apart.
          return HttpServerResponse.setHeader(served, "vary", "Accept")
        }),
    } satisfies Pick<CatalogShape, "audio" | "wav" | "midi" | "cover" | "syncedLyrics" | "lrc">
  })
