import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { type SignedInUser, Unauthorized } from "#api/auth.ts"
import { attachment, fileName } from "#toolkit/file-response.ts"
import { HeavyWork } from "#toolkit/heavy-work.ts"
import { webpCoverOf } from "#toolkit/storage/cover-keys.ts"
import { AudioUnavailable, Waveform } from "./api.ts"
import type { CoverWidth } from "./api-covers.ts"
import type { CatalogShape } from "./catalog-shape.ts"
import { lrcOf } from "./lrc.ts"
import { servedFile } from "./served-file.ts"
import { partsOpenTo } from "./song.ts"
import { notFound, type SongAccess } from "./song-access.ts"
import { SongFiles } from "./song-files.ts"
import { readSyncedLyrics } from "./synced-lyrics-file.ts"

const signInForWav = new Unauthorized({ message: "Sign in to download this song as WAV." })

/**
 * A visible song's files: its MP3 (to play or to save), its WAV (converted once, for a verified person;
 * then read by anyone), its waveform (drawn once, for anyone who may hear it), its cover (as WebP to
 * browsers that read it, where it has that form too, and at a smaller width when asked), and when its
 * lines are sung (as JSON for the player, as LRC to save); and for its owner, or others while it is
 * public and its parts are shared, its MIDI file.
 */
export const makeSongFileAnswers = (visibleSong: SongAccess["visibleSong"]) =>
  Effect.gen(function* () {
    const files = yield* SongFiles
    const work = yield* HeavyWork
    const serve = servedFile(files, notFound)

    const wav = Effect.fn("Catalog.wav")(function* (
      songId: string,
      viewer: SignedInUser | undefined,
      rangeHeader: string | undefined,
    ) {
      const state = yield* visibleSong(songId, viewer?.userId)
      const key = (yield* files.keptWav(state.audioKey)) ?? (yield* convert(state.audioKey, viewer))
      return yield* serve(key, rangeHeader, fileName(state.title, "wav"))
    })

    /** A conversion is work started: for a signed-in person with a verified address, within limits. */
    const convert = (audioKey: string, viewer: SignedInUser | undefined) =>
      Effect.gen(function* () {
        if (viewer === undefined) return yield* signInForWav
        yield* work.admit("wav", viewer)
        return yield* files.wav(audioKey).pipe(
          Effect.tapError((error) => Effect.logError("WAV conversion failed", error.reason)),
          Effect.mapError(
            () =>
              new AudioUnavailable({
                message: "Failed to convert to WAV. Please try again in a moment.",
              }),
          ),
        )
      })

    /**
     * A cover's smaller copy, kept or made for anyone who may see the cover; past the limits on making
     * them, the cover comes whole, which every page can show.
     */
    const smaller = (imageKey: string, width: CoverWidth, viewer: SignedInUser | undefined) =>
      Effect.gen(function* () {
        const kept = yield* files.keptSizedCover(imageKey, width)
        if (kept !== undefined) return kept
        const admitted = yield* Effect.isSuccess(work.admitAnyone("cover", viewer))
        return admitted ? yield* files.sizedCover(imageKey, width) : undefined
      })

    const waveform = Effect.fn("Catalog.waveform")(function* (
      songId: string,
      viewer: SignedInUser | undefined,
    ) {
      const { audioKey } = yield* visibleSong(songId, viewer?.userId)
      const kept = yield* files.keptWaveform(audioKey)
      if (kept) return new Waveform({ peaks: kept })
      yield* work.admitAnyone("waveform", viewer)
      const peaks = yield* files.waveform(audioKey).pipe(
        Effect.tapError((error) => Effect.logError("A waveform could not be drawn", error.reason)),
        Effect.mapError(
          () => new AudioUnavailable({ message: "This song's waveform could not be drawn." }),
        ),
      )
      return new Waveform({ peaks })
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
      waveform,
      midi: (songId, userId, rangeHeader) =>
        Effect.flatMap(visibleSong(songId, userId), (state) =>
          partsOpenTo(state, userId)
            ? serve(state.midiKey, rangeHeader, fileName(state.title, "mid"))
            : notFound,
        ),
      cover: (songId, viewer, { rangeHeader, acceptsWebp, width }) =>
        Effect.gen(function* () {
          const { imageKey } = yield* visibleSong(songId, viewer?.userId)
          const sized =
            imageKey && acceptsWebp && width ? yield* smaller(imageKey, width, viewer) : undefined
          const twin = imageKey && acceptsWebp ? webpCoverOf(imageKey) : null
          const key =
            sized ?? (twin !== imageKey && twin && (yield* files.stat(twin)) ? twin : imageKey)
          const served = yield* serve(key, rangeHeader, undefined)
          // Caches keep the two forms apart.
          return HttpServerResponse.setHeader(served, "vary", "Accept")
        }),
    } satisfies Pick<
      CatalogShape,
      "audio" | "wav" | "waveform" | "midi" | "cover" | "syncedLyrics" | "lrc"
    >
  })
