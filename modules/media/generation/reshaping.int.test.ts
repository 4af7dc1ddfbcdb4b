import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { balanceOf, type browser, describeApp, request, settle, signUp } from "#app/testing.ts"
import { seedEngineSong, seedGeneration } from "#app/testing-songs.ts"
import type { RenderFacts } from "../ports.ts"

type Browser = ReturnType<typeof browser>

/** A 60 s engine song: intro, verse, chorus, outro; its last bar starts at 56 s. */
const facts: RenderFacts = {
  durationMs: 60_000,
  endMs: 56_000,
  barMs: 2_000,
  sections: [
    { label: "[Verse]", startMs: 8_000, endMs: 24_000, lines: ["Paper boats", "On the rain"] },
    { label: "[Chorus]", startMs: 24_000, endMs: 40_000, lines: ["Sail away", "Far away"] },
  ],
  voice: { gender: "female", delivery: "sing" },
  engine: { made: "in a test" },
}

const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  SIGNUP_CREDITS: "10",
  GENERATIONS_PER_HOUR: "1000",
  GENERATIONS_PER_ADDRESS: "1000",
  EXTEND_CREDITS: "3",
  STEMS_CREDITS: "1",
}
const config = { webDist: join(import.meta.dirname, "..", "..", "..", "web", "dist") }

const usage = (person: Browser) =>
  Effect.flatMap(settle, () =>
    Effect.map(
      person.get("/api/credits/usage"),
      (a) => a.body as ReadonlyArray<{ type: string; description: string; creditsUsed: number }>,
    ),
  )

/** A refused request: its status, its message, and nothing debited. */
const refused = (person: Browser, path: string, body: unknown, status: number) =>
  Effect.gen(function* () {
    const before = yield* balanceOf(person)
    const answer = yield* person.post(path, body)
    expect(answer.status).toBe(status)
    expect(yield* balanceOf(person)).toBe(before)
    return answer.body as { _tag: string; message: string }
  })

describeApp({ env, config })("operations on a song", (it) => {
  it.effect("offer the engine's three operations, and stems, at their configured prices", () =>
    Effect.gen(function* () {
      const { person } = yield* signUp("offer")
      const answer = yield* person.get("/api/song-operations")
      expect(answer.body).toEqual({
        maker: "engine",
        operations: [
          { operation: "extend", name: "Extend", price: 3 },
          { operation: "replace-section", name: "Replace a section", price: 5 },
          { operation: "restyle", name: "Cover", price: 5 },
        ],
        stemsPrices: { engine: 1, musicApi: 2 },
      })
      expect((yield* request("/api/song-operations")).status).toBe(401)
    }),
  )

  it.effect(
    "start from one's own song, paid at the operation's price and named in Usage History",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("owner")
        const userId = user.id
        const { songId } = yield* seedEngineSong(userId, "Paper Boats (Version 1)", facts)
        const started = yield* person.post(`/api/songs/${songId}/extend`, {
          lyrics: "[Verse]\nThe rain has stopped",
        })
        expect(started.status).toBe(200)
        expect(yield* balanceOf(person)).toBe(7)
        expect((yield* usage(person))[0]).toMatchObject({
          type: "song_extend",
          description: "Extend",
          creditsUsed: 3,
        })
        const taskId = (started.body as { taskId: string }).taskId
        const status = yield* person.get(`/api/check-song-status?taskId=${taskId}`)
        expect(status.body).toMatchObject({ status: "PENDING", phase: "arranging" })
        const sections = yield* person.get(`/api/songs/${songId}/sections`)
        expect(sections.body).toEqual([
          {
            label: "[Verse]",
            startSeconds: 8,
            endSeconds: 24,
            lines: ["Paper boats", "On the rain"],
          },
          { label: "[Chorus]", startSeconds: 24, endSeconds: 40, lines: ["Sail away", "Far away"] },
        ])
      }),
  )

  it.effect("are refused with a clear message, and nothing debited, when they make no sense", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("unclear")
      const userId = user.id
      const { songId } = yield* seedEngineSong(userId, "Harbour (Version 1)", facts)
      const path = (operation: string) => `/api/songs/${songId}/${operation}`
      const pastEnd = yield* refused(person, path("extend"), { lyrics: "More", atSeconds: 61 }, 400)
      expect(pastEnd.message).toBe(
        "The song is 1:00 long: choose a point before its end to continue from.",
      )
      const noLyrics = yield* refused(person, path("extend"), { lyrics: "  " }, 400)
      expect(noLyrics).toMatchObject({ _tag: "MissingInformation", missing: ["lyrics"] })
      const noSection = yield* refused(
        person,
        path("replace-section"),
        { section: "[Verse 3]", lyrics: "New words" },
        400,
      )
      expect(noSection.message).toBe(
        "This song has no section [Verse 3]. Its sections are [Verse], [Chorus].",
      )
      const emptySection = yield* refused(
        person,
        path("replace-section"),
        { section: "[Verse]", lyrics: "" },
        400,
      )
      expect(emptySection).toMatchObject({ _tag: "MissingInformation", missing: ["lyrics"] })
      const backwards = yield* refused(
        person,
        path("replace-section"),
        { startSeconds: 20, endSeconds: 10, lyrics: "New words" },
        400,
      )
      expect(backwards.message).toBe(
        "The stretch to replace must end at least a second after it starts.",
      )
      const longStyle = yield* refused(person, path("restyle"), { style: "x".repeat(201) }, 400)
      expect(longStyle.message).toContain("Style must be at most 200 characters")
      const sameStyle = yield* refused(
        person,
        path("restyle"),
        { style: "Upbeat pop with female vocals" },
        400,
      )
      expect(sameStyle.message).toBe(
        "That is the song's own style: describe another one for the cover.",
      )
      const notANumber = yield* refused(
        person,
        path("extend"),
        { lyrics: "x", atSeconds: "1" },
        400,
      )
      expect(JSON.stringify(notANumber)).toContain("atSeconds must be a number of seconds")
    }),
  )

  it.effect("are refused before anything is paid when the engine could not make them", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("impossible")
      const { songId } = yield* seedEngineSong(user.id, "Tide (Version 1)", facts)
      const path = (operation: string) => `/api/songs/${songId}/${operation}`
      const fromStart =
        "The offline music engine continues a song from its first bar line on: choose a point at 0:02 or later."
      for (const atSeconds of [0, 1.5]) {
        const early = yield* refused(person, path("extend"), { lyrics: "More", atSeconds }, 400)
        expect(early).toMatchObject({ _tag: "InvalidOperation", message: fromStart })
      }
      const atStart = yield* refused(
        person,
        path("replace-section"),
        { lyrics: "New words", startSeconds: 0, endSeconds: 10 },
        400,
      )
      expect(atStart).toMatchObject({
        _tag: "InvalidOperation",
        message:
          "The offline music engine replaces from its first bar line on: start the stretch at 0:02 or later.",
      })
      const nothing =
        "These lyrics have no words to sing, only section tags or punctuation: write at least one line of words."
      for (const lyrics of ["[Chorus]", "[Chorus]\n", "... !!!\n  ?", "(Verse 2)\n—"]) {
        const replaced = yield* refused(
          person,
          path("replace-section"),
          { section: "[Verse]", lyrics },
          400,
        )
        expect(replaced).toMatchObject({ _tag: "NothingToSing", message: nothing })
        const extended = yield* refused(person, path("extend"), { lyrics }, 400)
        expect(extended).toMatchObject({ _tag: "NothingToSing", message: nothing })
      }
      const unsayable = yield* refused(person, path("extend"), { lyrics: "Привет, мир" }, 400)
      expect(unsayable).toMatchObject({
        _tag: "NothingToSing",
        message:
          "The offline music engine sings words in Latin letters or digits, and these lyrics have none: write at least one line of them.",
      })
      const sung = yield* refused(
        person,
        "/api/generate-song",
        { title: "Quiet", style: "pop", lyrics: "[Verse]\n..." },
        400,
      )
      expect(sung).toMatchObject({ _tag: "NothingToSing", message: nothing })
      expect((yield* usage(person)).length).toBe(0)
      // The words the engine can say are enough, whatever else a line holds.
      const started = yield* person.post(path("extend"), { lyrics: "[Chorus]\nOlé, café!" })
      expect(started.status).toBe(200)
    }),
  )

  it.effect(
    "are for the song's owner, not found for someone else's private song, and need a session",
    () =>
      Effect.gen(function* () {
        const { person: owner, user } = yield* signUp("first")
        const userId = user.id
        const { person: other } = yield* signUp("second")
        const { songId } = yield* seedEngineSong(userId, "Mine (Version 1)", facts)
        const { songId: shown } = yield* seedEngineSong(userId, "Shown (Version 1)", facts)
        expect((yield* owner.patch(`/api/songs/${shown}/privacy`, { isPublic: true })).status).toBe(
          200,
        )
        yield* settle
        for (const [operation, body, doing] of [
          ["extend", { lyrics: "More" }, "extend it"],
          [
            "replace-section",
            { section: "[Verse]", lyrics: "Other words" },
            "replace a section of it",
          ],
          ["restyle", { style: "jazz" }, "make a cover of it"],
        ] as const) {
          const answer = yield* refused(other, `/api/songs/${songId}/${operation}`, body, 404)
          expect(answer.message).toBe("This song does not exist, or it is private.")
          const publicSong = yield* refused(other, `/api/songs/${shown}/${operation}`, body, 403)
          expect(publicSong).toMatchObject({
            _tag: "NotTheOwner",
            message: `Only the song's owner can ${doing}.`,
          })
          const anonymous = yield* request(`/api/songs/${songId}/${operation}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          })
          expect(anonymous.status).toBe(401)
        }
        expect((yield* other.get(`/api/songs/${songId}/sections`)).status).toBe(404)
        expect(
          (yield* other.post("/api/songs/no-such-song/restyle", { style: "jazz" })).status,
        ).toBe(404)
      }),
  )

  it.effect("are refused by the engine for a song it did not make, by name", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("uploader")
      const userId = user.id
      yield* seedGeneration(userId, "Elsewhere", 1)
      const mine = yield* person.get("/api/songs/my-songs")
      const songId = (mine.body as ReadonlyArray<{ id: string }>)[0]!.id
      const answer = yield* refused(person, `/api/songs/${songId}/restyle`, { style: "jazz" }, 422)
      expect(answer).toMatchObject({
        _tag: "OperationUnsupported",
        operation: "restyle",
        maker: "engine",
        message: "The offline music engine can't make a cover of a song it did not make.",
      })
      expect((yield* person.get(`/api/songs/${songId}/sections`)).body).toEqual([])
    }),
  )

  it.effect("are refused for want of credits in the operation's own words", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("poor")
      const userId = user.id
      const { songId } = yield* seedEngineSong(userId, "Cheap (Version 1)", facts)
      for (const style of ["jazz ballad", "synthwave"]) {
        expect((yield* person.post(`/api/songs/${songId}/restyle`, { style })).status).toBe(200)
      }
      const answer = yield* refused(person, `/api/songs/${songId}/restyle`, { style: "rock" }, 402)
      expect(answer.message).toBe(
        "You need 5 credits to make a cover of a song. You currently have 0 credits.",
      )
    }),
  )
})
