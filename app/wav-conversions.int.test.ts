import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { WavConverter } from "#toolkit/storage/index.ts"
import {
  type browser,
  describeApp,
  request,
  signUp,
  signUpAdmin,
  signUpUnverified,
} from "./testing.ts"
import { callAs } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

const adminEmail = "wav-admin@example.com"
const env = { REGISTRATIONS_PER_ADDRESS: "1000", ADMIN_EMAIL: adminEmail }

/** A song of this person's, public or not: its id. */
const songOf = (person: ReturnType<typeof browser>, userId: string, isPublic: boolean) =>
  Effect.gen(function* () {
    const { generationId } = yield* seedGeneration(userId, `Song ${crypto.randomUUID()}`, 1)
    const songs = yield* callAs(person, (api) => api.songs.mySongs())
    const id = songs.find((song) => song.taskId === generationId)!.id
    if (isPublic) yield* person.patch(`/api/songs/${id}/privacy`, { isPublic: true })
    return id
  })

/** A deep equality of two WAVs' bytes takes vitest many seconds; this takes none. */
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))

const conversions = Effect.flatMap(WavConverter, (converter) => converter.conversions)

describeApp({ env })("a song's WAV", (it) => {
  it.effect("is converted once however many ask at once, and never again", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("wav-crowd")
      const id = yield* songOf(person, user.id, true)
      const before = yield* conversions
      const answers = yield* Effect.all(
        Array.from({ length: 20 }, () => person.get(`/api/songs/${id}/wav`)),
        { concurrency: "unbounded" },
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
      expect(answers.every((answer) => sameBytes(answer.bytes, answers[0]!.bytes))).toBe(true)
      expect((yield* conversions) - before).toBe(1)

      // Kept: anyone who may see the song reads it, and nothing is converted again.
      expect(sameBytes((yield* request(`/api/songs/${id}/wav`)).bytes, answers[0]!.bytes)).toBe(
        true,
      )
      expect((yield* person.get(`/api/songs/${id}/wav`)).status).toBe(200)
      expect((yield* conversions) - before).toBe(1)
    }),
  )

  it.effect(
    "is converted for a signed-in person with a verified address, and read by anyone once kept",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("wav-owner")
        const id = yield* songOf(owner.person, owner.user.id, true)
        const before = yield* conversions

        const anonymous = yield* request(`/api/songs/${id}/wav`)
        expect({ status: anonymous.status, body: anonymous.body }).toEqual({
          status: 401,
          body: { _tag: "Unauthorized", message: "Sign in to download this song as WAV." },
        })
        const unverified = yield* signUpUnverified("wav-unverified")
        const refused = yield* unverified.person.get(`/api/songs/${id}/wav`)
        expect(refused.status).toBe(403)
        expect(refused.body).toMatchObject({
          _tag: "EmailNotVerified",
          message: expect.stringContaining("verify your email address"),
        })
        expect((yield* conversions) - before).toBe(0)

        // Another person with a verified address converts a public song; then anyone reads it.
        const other = yield* signUp("wav-other")
        expect((yield* other.person.get(`/api/songs/${id}/wav`)).status).toBe(200)
        expect((yield* request(`/api/songs/${id}/wav`)).status).toBe(200)
        expect((yield* unverified.person.get(`/api/songs/${id}/wav`)).status).toBe(200)
        expect((yield* conversions) - before).toBe(1)

        // A private song stays the owner's: nobody else learns it exists, an administrator neither.
        const hidden = yield* songOf(owner.person, owner.user.id, false)
        const admin = yield* signUpAdmin("wav-admin", adminEmail)
        for (const someone of [other.person, admin.person])
          expect((yield* someone.get(`/api/songs/${hidden}/wav`)).status).toBe(404)
        expect((yield* request(`/api/songs/${hidden}/wav`)).status).toBe(404)
        expect((yield* conversions) - before).toBe(1)
        expect((yield* admin.person.get(`/api/songs/${id}/wav`)).status).toBe(200)
      }),
  )
})

describeApp({ env: { ...env, WAVS_PER_USER: "2", WAVS_PER_ADDRESS: "3" } })(
  "WAV conversions",
  (it) => {
    it.effect("are limited per person and per address, with a 429 and Retry-After", () =>
      Effect.gen(function* () {
        const first = yield* signUp("wav-busy")
        const songs = [
          yield* songOf(first.person, first.user.id, false),
          yield* songOf(first.person, first.user.id, false),
          yield* songOf(first.person, first.user.id, false),
        ]
        const before = yield* conversions
        for (const id of songs.slice(0, 2))
          expect((yield* first.person.get(`/api/songs/${id}/wav`)).status).toBe(200)
        const limited = yield* first.person.get(`/api/songs/${songs[2]}/wav`)
        expect(limited.status).toBe(429)
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
        expect(limited.body).toMatchObject({
          _tag: "TooManyRequests",
          message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes?/),
        })
        expect((yield* conversions) - before).toBe(2)
        // A WAV already made is no conversion: it is still served.
        expect((yield* first.person.get(`/api/songs/${songs[0]}/wav`)).status).toBe(200)

        // Someone else at the same address: one more conversion, then the address's limit.
        const second = yield* signUp("wav-neighbour")
        const theirs = [
          yield* songOf(second.person, second.user.id, false),
          yield* songOf(second.person, second.user.id, false),
        ]
        expect((yield* second.person.get(`/api/songs/${theirs[0]}/wav`)).status).toBe(200)
        const crowded = yield* second.person.get(`/api/songs/${theirs[1]}/wav`)
        expect(crowded.status).toBe(429)
        expect(Number(crowded.headers.get("retry-after"))).toBeGreaterThan(0)
        expect((yield* conversions) - before).toBe(3)
      }),
    )
  },
)
