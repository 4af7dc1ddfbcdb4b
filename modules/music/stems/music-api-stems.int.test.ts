import { expect } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { balanceOf, describeApp, request, runJobs, settle, signUp } from "#app/testing.ts"
import { type ApiClient, clientOf } from "#app/testing-client.ts"
import { withFakeMusicApi } from "#app/testing-music-api.ts"
import { entriesOf } from "#toolkit/test-zip.ts"
import { GenerateSongPayload } from "../api.ts"

const { fake, env, config } = await withFakeMusicApi({ SIGNUP_CREDITS: "30" })

const usage = (api: ApiClient) => Effect.flatMap(settle, () => api.creditLedger.usage())

/** Runs the worker until `done` says the answer is final, as the worker would. */
const until = <A, E, R>(look: Effect.Effect<A, E, R>, done: (a: A) => boolean) =>
  Effect.gen(function* () {
    for (let round = 0; round < 100; round++) {
      yield* runJobs
      yield* settle
      const seen = yield* look
      if (done(seen)) return seen
      yield* Effect.sleep("100 millis")
    }
    return yield* Effect.die(new Error(`it never ended: ${JSON.stringify(yield* look)}`))
  })

/** A song made through the music API, in the person's library: its first version's song id. */
const songMade = (api: ApiClient, title: string) =>
  Effect.gen(function* () {
    const { taskId } = yield* api.media
      .generateSong({
        payload: GenerateSongPayload.make({
          title,
          lyrics: "[Verse]\nLights on the water",
          style: "folk, female vocals",
        }),
      })
      .pipe(Effect.orDieWith((refused) => new Error(`not started: ${JSON.stringify(refused)}`)))
    yield* until(
      api.media.songStatus({ urlParams: { taskId } }),
      (status) => status.status === "SUCCESS",
    )
    const songs = yield* api.songs.mySongs().pipe(
      Effect.filterOrFail((songs) => songs.some((s) => s.title === `${title} (Version 1)`)),
      Effect.retry(Schedule.spaced("50 millis").pipe(Schedule.upTo("5 seconds"))),
      Effect.orDie,
    )
    return songs.find((s) => s.title === `${title} (Version 1)`)!.id
  })

/** A signed-in person with their sign-up credits: their browser, and the API's client as them. */
const newPerson = (name: string) =>
  Effect.flatMap(signUp(name), (signed) =>
    Effect.map(Effect.zipRight(settle, clientOf(signed.person)), (api) => ({ ...signed, api })),
  )

const stemsOf = (api: ApiClient, songId: string) => api.stems.status({ path: { id: songId } })

const makeStems = (api: ApiClient, songId: string) => api.stems.make({ path: { id: songId } })

const madeOrFailed = (api: ApiClient, songId: string) =>
  until(stemsOf(api, songId), (s) => s.status === "ready" || s.status === "failed")

describeApp({ env, config })("stems through the music API", (it) => {
  it.effect(
    "split by its vocal removal, copied into one zip of ours, charged once; nobody else sees them",
    () =>
      Effect.gen(function* () {
        const { person, api } = yield* newPerson("separated")
        const songId = yield* songMade(api, "Harbour Lights")
        expect(yield* balanceOf(person)).toBe(25)
        const offered = yield* api.reshaping.operations()
        expect(offered.stemsPrices).toEqual({ engine: 0, musicApi: 2 })

        // Two asks at once, both answered: one request, one charge.
        yield* Effect.all([makeStems(api, songId), makeStems(api, songId)], { concurrency: 2 })
        expect(yield* balanceOf(person)).toBe(23)
        const made = yield* madeOrFailed(api, songId)
        expect(made).toEqual({
          status: "ready",
          downloadUrl: `/api/songs/${songId}/stems/zip`,
          error: null,
        })
        expect(fake.separations.separations.size).toBe(1)
        const [separation] = [...fake.separations.separations.values()]
        expect(separation!.type).toBe("split_stem")
        expect(separation!.musicTask.songIds[0]).toBe(separation!.audioId)

        const zip = yield* person.get(made.downloadUrl!)
        expect(zip.status).toBe(200)
        expect(zip.headers.get("content-disposition")).toContain(
          "Harbour Lights (Version 1) (stems).zip",
        )
        const entries = yield* entriesOf(zip.bytes)
        expect(entries.map((e) => e.name)).toEqual(
          ["Vocals", "Backing Vocals", "Drums", "Bass", "Guitar", "Keyboard"].map(
            (stem) => `Harbour Lights - ${stem}.mp3`,
          ),
        )
        for (const entry of entries) expect(entry.head.subarray(0, 3).toString()).toBe("ID3")

        // Asked again once made: the kept zip, no new task, no new charge.
        expect(yield* makeStems(api, songId)).toEqual(made)
        expect(fake.separations.separations.size).toBe(1)
        expect(yield* balanceOf(person)).toBe(23)
        const spent = (yield* usage(api)).filter((row) => row.type === "song_stems")
        expect(spent.map((row) => row.creditsUsed)).toEqual([2])

        const { person: other } = yield* newPerson("other")
        expect((yield* other.get(`/api/songs/${songId}/stems`)).status).toBe(404)
        expect((yield* other.post(`/api/songs/${songId}/stems`, {})).status).toBe(404)
        expect((yield* other.get(made.downloadUrl!)).status).toBe(404)
        expect((yield* request(`/api/songs/${songId}/stems`, { method: "POST" })).status).toBe(401)
      }),
  )

  it.effect("a separation that fails refunds once, and may be asked for again", () =>
    Effect.gen(function* () {
      const { person, api } = yield* newPerson("refunded")
      const songId = yield* songMade(api, "Paper Boats")
      fake.separations.planNext({ failWith: "GENERATE_AUDIO_FAILED" })
      yield* makeStems(api, songId)
      const failed = yield* madeOrFailed(api, songId)
      expect(failed.status).toBe("failed")
      expect(failed.error).toBe(
        "The music service could not take this song apart. Your 2 credits were refunded.",
      )
      yield* runJobs
      expect(yield* balanceOf(person)).toBe(25)
      const rows = (yield* usage(api)).filter((r) => r.type === "song_stems" || r.type === "refund")
      expect(rows.map((r) => [r.type, r.creditsUsed]).sort()).toEqual([
        ["refund", -2],
        ["song_stems", 2],
      ])

      const again = yield* makeStems(api, songId)
      expect(again.status).toBe("making")
      expect((yield* madeOrFailed(api, songId)).status).toBe("ready")
      expect(yield* balanceOf(person)).toBe(23)
    }),
  )

  it.effect("without the credits, nothing is asked for and nothing changes", () =>
    Effect.gen(function* () {
      const { person, api } = yield* newPerson("broke")
      const songId = yield* songMade(api, "Empty Pockets")
      // Spends the rest on songs that need not finish.
      for (let i = 0; i < 5; i++)
        yield* api.media.generateSong({
          payload: GenerateSongPayload.make({
            title: `Spent ${i}`,
            lyrics: "[Verse]\nNothing left",
            style: "folk",
          }),
        })
      expect(yield* balanceOf(person)).toBe(0)
      const before = fake.separations.separations.size
      const refused = yield* Effect.flip(makeStems(api, songId))
      expect(refused._tag).toBe("InsufficientCredits")
      expect((yield* stemsOf(api, songId)).status).toBe("none")
      expect(fake.separations.separations.size).toBe(before)
    }),
  )
})
