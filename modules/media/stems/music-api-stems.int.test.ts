import { expect } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import {
  balanceOf,
  type browser,
  describeApp,
  request,
  runJobs,
  settle,
  signUp,
} from "#app/testing.ts"
import { withFakeMusicApi } from "#app/testing-music-api.ts"
import { entriesOf } from "#toolkit/test-zip.ts"

type Browser = ReturnType<typeof browser>

const { fake, env, config } = await withFakeMusicApi({ SIGNUP_CREDITS: "30" })

interface Status {
  readonly status: string
  readonly downloadUrl: string | null
  readonly error: string | null
}

const usage = (person: Browser) =>
  Effect.flatMap(settle, () =>
    Effect.map(
      person.get("/api/credits/usage"),
      (a) => a.body as ReadonlyArray<{ type: string; creditsUsed: number }>,
    ),
  )

/** Runs the worker until `done` says the answer is final, as the worker would. */
const until = <A, R>(look: Effect.Effect<A, never, R>, done: (a: A) => boolean) =>
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
const songMade = (person: Browser, title: string) =>
  Effect.gen(function* () {
    const started = yield* person.post("/api/generate-song", {
      title,
      lyrics: "[Verse]\nLights on the water",
      style: "folk, female vocals",
    })
    if (started.status !== 200) return yield* Effect.die(new Error(`not started: ${started.text}`))
    const { taskId } = started.body as { taskId: string }
    yield* until(
      Effect.map(person.get(`/api/check-song-status?taskId=${taskId}`), (a) => a.body as Status),
      (status) => status.status === "SUCCESS",
    )
    const songs = yield* person.get("/api/songs/my-songs").pipe(
      Effect.map((a) => a.body as ReadonlyArray<{ id: string; title: string }>),
      Effect.filterOrFail((songs) => songs.some((s) => s.title === `${title} (Version 1)`)),
      Effect.retry(Schedule.spaced("50 millis").pipe(Schedule.upTo("5 seconds"))),
      Effect.orDie,
    )
    return songs.find((s) => s.title === `${title} (Version 1)`)!.id
  })

const newPerson = (name: string) => Effect.tap(signUp(name), () => settle)

const stemsOf = (person: Browser, songId: string) =>
  Effect.map(person.get(`/api/songs/${songId}/stems`), (a) => a.body as Status)

const madeOrFailed = (person: Browser, songId: string) =>
  until(stemsOf(person, songId), (s) => s.status === "ready" || s.status === "failed")

describeApp({ env, config })("stems through the music API", (it) => {
  it.effect(
    "split by its vocal removal, copied into one zip of ours, charged once; nobody else sees them",
    () =>
      Effect.gen(function* () {
        const { person } = yield* newPerson("separated")
        const songId = yield* songMade(person, "Harbour Lights")
        expect(yield* balanceOf(person)).toBe(25)
        const offered = (yield* person.get("/api/song-operations")).body as {
          stemsPrices: { engine: number; musicApi: number }
        }
        expect(offered.stemsPrices).toEqual({ engine: 0, musicApi: 2 })

        // Two asks at once: one request, one charge.
        const asks = yield* Effect.all(
          [
            person.post(`/api/songs/${songId}/stems`, {}),
            person.post(`/api/songs/${songId}/stems`, {}),
          ],
          { concurrency: 2 },
        )
        expect(asks.map((a) => a.status)).toEqual([200, 200])
        expect(yield* balanceOf(person)).toBe(23)
        const made = yield* madeOrFailed(person, songId)
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
        expect((yield* person.post(`/api/songs/${songId}/stems`, {})).body).toEqual(made)
        expect(fake.separations.separations.size).toBe(1)
        expect(yield* balanceOf(person)).toBe(23)
        const spent = (yield* usage(person)).filter((row) => row.type === "song_stems")
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
      const { person } = yield* newPerson("refunded")
      const songId = yield* songMade(person, "Paper Boats")
      fake.separations.planNext({ failWith: "GENERATE_AUDIO_FAILED" })
      expect((yield* person.post(`/api/songs/${songId}/stems`, {})).status).toBe(200)
      const failed = yield* madeOrFailed(person, songId)
      expect(failed.status).toBe("failed")
      expect(failed.error).toBe(
        "The music service could not take this song apart. Your 2 credits were refunded.",
      )
      yield* runJobs
      expect(yield* balanceOf(person)).toBe(25)
      const rows = (yield* usage(person)).filter(
        (r) => r.type === "song_stems" || r.type === "refund",
      )
      expect(rows.map((r) => [r.type, r.creditsUsed]).sort()).toEqual([
        ["refund", -2],
        ["song_stems", 2],
      ])

      const again = yield* person.post(`/api/songs/${songId}/stems`, {})
      expect((again.body as Status).status).toBe("making")
      expect((yield* madeOrFailed(person, songId)).status).toBe("ready")
      expect(yield* balanceOf(person)).toBe(23)
    }),
  )

  it.effect("without the credits, nothing is asked for and nothing changes", () =>
    Effect.gen(function* () {
      const { person } = yield* newPerson("broke")
      const songId = yield* songMade(person, "Empty Pockets")
      // Spends the rest on songs that need not finish.
      for (let i = 0; i < 5; i++)
        yield* person.post("/api/generate-song", {
          title: `Spent ${i}`,
          lyrics: "[Verse]\nNothing left",
          style: "folk",
        })
      expect(yield* balanceOf(person)).toBe(0)
      const before = fake.separations.separations.size
      const refused = yield* person.post(`/api/songs/${songId}/stems`, {})
      expect(refused.status).toBe(402)
      expect((yield* stemsOf(person, songId)).status).toBe("none")
      expect(fake.separations.separations.size).toBe(before)
    }),
  )
})
