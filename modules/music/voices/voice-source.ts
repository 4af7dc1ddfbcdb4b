import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import type { SingerSettings } from "#events/contracts/voices.ts"
import type { EventStore } from "#events/store/index.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { type KeepVoicePayload, VoiceUnavailable } from "../api.ts"
import { MusicConfig } from "../config.ts"
import { activeMaker } from "../generation/paid-start.ts"
import { generationOf, musicApiTrackOf } from "../generation/version-track.ts"
import { makerNames } from "../makers/maker-operations.ts"
import { MusicApi } from "../makers/music-api.ts"
import { makeRenderFactsStore } from "../makers/render-facts-store.ts"
import type { OwnedSong } from "../songs.ts"

const unavailable = (message: string) => new VoiceUnavailable({ message })

/** The singer a style names, as a hint where the music API keeps the voice itself. */
const singerNamedBy = (style: string): SingerSettings => ({
  gender: /female|woman|girl|\bshe\b|soprano|alto/i.test(style) ? "female" : "male",
  delivery: /\brap/i.test(style) ? "rap" : "sing",
})

/**
 * Where a kept voice comes from. The engine's facts name the singer exactly; the music API keeps the voice
 * of one of its tracks as a persona, which later requests name.
 */
export const makeVoiceSource = Effect.gen(function* () {
  const config = yield* MusicConfig
  const facts = yield* makeRenderFactsStore
  const api = yield* MusicApi
  const reports = yield* ErrorReports
  const context = yield* Effect.context<EventStore | SqlClient.SqlClient>()
  const maker = activeMaker(config)
  const notMade = unavailable(
    `${makerNames[maker]} can't keep the voice of a song it did not make.`,
  )

  const fromEngine = (versionId: string) =>
    Effect.gen(function* () {
      const known = yield* facts.read(versionId)
      if (!known) return yield* notMade
      if (known.voice === null)
        return yield* unavailable("This song is an instrumental: there is no voice in it to keep.")
      return { singer: known.voice }
    })

  const fromMusicApi = (song: OwnedSong, versionId: string, payload: KeepVoicePayload) =>
    Effect.gen(function* () {
      const generation = yield* generationOf(versionId).pipe(Effect.provide(context))
      const track = generation && musicApiTrackOf(generation)
      if (!track) return yield* notMade
      const personaId = yield* api
        .persona({
          ...track,
          name: payload.name,
          description: payload.description,
        })
        .pipe(
          // The service's words are for admins; the person reads ours.
          Effect.tapError((refused) =>
            reports.record({
              source: "provider",
              actor: Actors.system("voices"),
              message: `The music API kept no persona: ${refused.message}`,
              context: { versionId, songId: song.songId },
            }),
          ),
          Effect.mapError(() =>
            unavailable("The music API could not keep this voice. Please try again later."),
          ),
        )
      return { singer: singerNamedBy(song.style), personaId }
    })

  return (song: OwnedSong, payload: KeepVoicePayload) =>
    song.versionId === null
      ? Effect.fail(notMade)
      : maker === "engine"
        ? fromEngine(song.versionId)
        : fromMusicApi(song, song.versionId, payload)
})
