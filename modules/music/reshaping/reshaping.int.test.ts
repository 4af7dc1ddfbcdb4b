import { join } from "node:path"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { expect } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { NotFound } from "#api/refusals.ts"
import { balanceOf, type browser, describeApp, request, settle, signUp } from "#app/testing.ts"
import { type ApiClient, callAs, clientOf, decodeBody } from "#app/testing-client.ts"
import { seedEngineSong, seedGeneration } from "#app/testing-songs.ts"
import { InsufficientCredits } from "#modules/billing/api-credit-refusals.ts"
import {
  GenerateSongPayload,
  InvalidOperation,
  MissingInformation,
  NothingToSing,
  NotTheOwner,
  OperationUnsupported,
} from "../api.ts"
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
  Effect.flatMap(settle, () => callAs(person, (api) => api.creditLedger.usage()))

/** A refused call: the contract's refusal, and nothing debited. */
const refused = <A, E, R>(person: Browser, call: (api: ApiClient) => Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const before = yield* balanceOf(person)
    const refusal = yield* Effect.flip(callAs(person, call))
    expect(yield* balanceOf(person)).toBe(before)
    return refusal
  })

/** What an operation may be refused with, as the contract says it, including a body it cannot read. */
const OperationRefusal = Schema.Union(
  HttpApiDecodeError,
  MissingInformation,
  NothingToSing,
  InvalidOperation,
  OperationUnsupported,
  NotTheOwner,
  NotFound,
  InsufficientCredits,
)

/**
 * A refused request the contract cannot send (untrimmed text, too long, not a number): its status, its
 * refusal, and nothing debited.
 */
const refusedAsSent = (person: Browser, path: string, body: unknown, status: number) =>
  Effect.gen(function* () {
    const before = yield* balanceOf(person)
    const answer = yield* person.post(path, body)
    expect(answer.status).toBe(status)
    expect(yield* balanceOf(person)).toBe(before)
    return decodeBody(OperationRefusal, answer)
  })

describeApp({ env, config })("operations on a song", (it) => {
  it.effect("offer the engine's three operations, and stems, at their configured prices", () =>
    Effect.gen(function* () {
      const { person } = yield* signUp("offer")
      const answer = yield* callAs(person, (api) => api.reshaping.operations())
      expect(answer).toEqual({
        maker: "engine",
        operations: [
          { operation: "extend", name: "Extend", price: 3 },
          { operation: "replace-section", name: "Replace a section", price: 5 },
          { operation: "restyle", name: "Restyle", price: 5 },
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
        const api = yield* clientOf(person)
        const { taskId } = yield* api.reshaping.extend({
          path: { songId },
          payload: { lyrics: "[Verse]\nThe rain has stopped" },
        })
        expect(yield* balanceOf(person)).toBe(7)
        expect((yield* usage(person))[0]).toMatchObject({
          type: "song_extend",
          description: "Extend",
          creditsUsed: 3,
        })
        const status = yield* api.media.songStatus({ urlParams: { taskId } })
        expect(status).toMatchObject({ status: "PENDING", phase: "arranging" })
        const sections = yield* api.reshaping.sections({ path: { songId } })
        expect(sections).toEqual([
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
      const song = { path: { songId } }
      const pastEnd = yield* refused(person, (api) =>
        api.reshaping.extend({ ...song, payload: { lyrics: "More", atSeconds: 61 } }),
      )
      expect(pastEnd).toMatchObject({
        _tag: "InvalidOperation",
        message: "The song is 1:00 long: choose a point before its end to continue from.",
      })
      // Blank lyrics, which the contract trims on the server's side only.
      const noLyrics = yield* refusedAsSent(person, path("extend"), { lyrics: "  " }, 400)
      expect(noLyrics).toMatchObject({ _tag: "MissingInformation", missing: ["lyrics"] })
      const noSection = yield* refused(person, (api) =>
        api.reshaping.replaceSection({
          ...song,
          payload: { section: "[Verse 3]", lyrics: "New words" },
        }),
      )
      expect(noSection).toMatchObject({
        _tag: "InvalidOperation",
        message: "This song has no section [Verse 3]. Its sections are [Verse], [Chorus].",
      })
      const emptySection = yield* refused(person, (api) =>
        api.reshaping.replaceSection({ ...song, payload: { section: "[Verse]", lyrics: "" } }),
      )
      expect(emptySection).toMatchObject({ _tag: "MissingInformation", missing: ["lyrics"] })
      const backwards = yield* refused(person, (api) =>
        api.reshaping.replaceSection({
          ...song,
          payload: { startSeconds: 20, endSeconds: 10, lyrics: "New words" },
        }),
      )
      expect(backwards).toMatchObject({
        _tag: "InvalidOperation",
        message: "The stretch to replace must end at least a second after it starts.",
      })
      const longStyle = yield* refusedAsSent(
        person,
        path("restyle"),
        { style: "x".repeat(201) },
        400,
      )
      expect(longStyle.message).toContain("Style must be at most 200 characters")
      const sameStyle = yield* refused(person, (api) =>
        api.reshaping.restyle({ ...song, payload: { style: "Upbeat pop with female vocals" } }),
      )
      expect(sameStyle).toMatchObject({
        _tag: "InvalidOperation",
        message: "That is the song's own style: describe another one to restyle it in.",
      })
      const notANumber = yield* refusedAsSent(
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
      const song = { path: { songId } }
      const fromStart =
        "The offline music engine continues a song from its first bar line on: choose a point at 0:02 or later."
      for (const atSeconds of [0, 1.5]) {
        const early = yield* refused(person, (api) =>
          api.reshaping.extend({ ...song, payload: { lyrics: "More", atSeconds } }),
        )
        expect(early).toMatchObject({ _tag: "InvalidOperation", message: fromStart })
      }
      const atStart = yield* refused(person, (api) =>
        api.reshaping.replaceSection({
          ...song,
          payload: { lyrics: "New words", startSeconds: 0, endSeconds: 10 },
        }),
      )
      expect(atStart).toMatchObject({
        _tag: "InvalidOperation",
        message:
          "The offline music engine replaces from its first bar line on: start the stretch at 0:02 or later.",
      })
      const nothing =
        "These lyrics have no words to sing, only section tags or punctuation: write at least one line of words."
      // Sent as typed, a trailing line break included (which the contract trims on the server's side).
      for (const lyrics of ["[Chorus]", "[Chorus]\n", "... !!!\n  ?", "(Verse 2)\n—"]) {
        const replaced = yield* refusedAsSent(
          person,
          path("replace-section"),
          { section: "[Verse]", lyrics },
          400,
        )
        expect(replaced).toMatchObject({ _tag: "NothingToSing", message: nothing })
        const extended = yield* refusedAsSent(person, path("extend"), { lyrics }, 400)
        expect(extended).toMatchObject({ _tag: "NothingToSing", message: nothing })
      }
      const unsayable = yield* refused(person, (api) =>
        api.reshaping.extend({ ...song, payload: { lyrics: "Привет, мир" } }),
      )
      expect(unsayable).toMatchObject({
        _tag: "NothingToSing",
        message:
          "The offline music engine sings words in Latin letters or digits, and these lyrics have none: write at least one line of them.",
      })
      const sung = yield* refused(person, (api) =>
        api.media.generateSong({
          payload: GenerateSongPayload.make({
            title: "Quiet",
            style: "pop",
            lyrics: "[Verse]\n...",
          }),
        }),
      )
      expect(sung).toMatchObject({ _tag: "NothingToSing", message: nothing })
      expect((yield* usage(person)).length).toBe(0)
      // The words the engine can say are enough, whatever else a line holds.
      yield* callAs(person, (api) =>
        api.reshaping.extend({ ...song, payload: { lyrics: "[Chorus]\nOlé, café!" } }),
      )
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
        yield* callAs(owner, (api) =>
          api.catalog.setPrivacy({ path: { id: shown }, payload: { isPublic: true } }),
        )
        yield* settle
        for (const [operation, body, doing, call] of [
          [
            "extend",
            { lyrics: "More" },
            "extend it",
            (api: ApiClient, songId: string) =>
              api.reshaping.extend({ path: { songId }, payload: { lyrics: "More" } }),
          ],
          [
            "replace-section",
            { section: "[Verse]", lyrics: "Other words" },
            "replace a section of it",
            (api: ApiClient, songId: string) =>
              api.reshaping.replaceSection({
                path: { songId },
                payload: { section: "[Verse]", lyrics: "Other words" },
              }),
          ],
          [
            "restyle",
            { style: "jazz" },
            "restyle it",
            (api: ApiClient, songId: string) =>
              api.reshaping.restyle({ path: { songId }, payload: { style: "jazz" } }),
          ],
        ] as const) {
          const answer = yield* refused(other, (api) => call(api, songId))
          expect(answer).toMatchObject({
            _tag: "NotFound",
            message: "This song does not exist, or it is private.",
          })
          const publicSong = yield* refused(other, (api) => call(api, shown))
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
      const mine = yield* callAs(person, (api) => api.songs.mySongs())
      const songId = mine[0]!.id
      const answer = yield* refused(person, (api) =>
        api.reshaping.restyle({ path: { songId }, payload: { style: "jazz" } }),
      )
      expect(answer).toMatchObject({
        _tag: "OperationUnsupported",
        operation: "restyle",
        maker: "engine",
        message: "The offline music engine can't restyle a song it did not make.",
      })
      expect(yield* callAs(person, (api) => api.reshaping.sections({ path: { songId } }))).toEqual(
        [],
      )
    }),
  )

  it.effect("are refused for want of credits in the operation's own words", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("poor")
      const userId = user.id
      const { songId } = yield* seedEngineSong(userId, "Cheap (Version 1)", facts)
      const restyle = (style: string) => (api: ApiClient) =>
        api.reshaping.restyle({ path: { songId }, payload: { style } })
      for (const style of ["jazz ballad", "synthwave"]) yield* callAs(person, restyle(style))
      const answer = yield* refused(person, restyle("rock"))
      expect(answer).toMatchObject({
        _tag: "InsufficientCredits",
        message: "You need 5 credits to restyle a song. You currently have 0 credits.",
      })
    }),
  )
})
