import { expect } from "@effect/vitest"
import { Effect } from "effect"
import {
  balanceOf,
  type browser,
  describeApp,
  postJson,
  settle,
  signUp,
  signUpAdmin,
  signUpUnverified,
} from "./testing.ts"
import { callAs } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

const adminEmail = "heavy-admin@example.com"
const env = { REGISTRATIONS_PER_ADDRESS: "1000", SIGNUP_CREDITS: "20", ADMIN_EMAIL: adminEmail }

type Browser = ReturnType<typeof browser>

/** A private song of this person's: its id. */
const songOf = (person: Browser, userId: string) =>
  Effect.gen(function* () {
    const { generationId } = yield* seedGeneration(userId, `Song ${crypto.randomUUID()}`, 1)
    const songs = yield* callAs(person, (api) => api.songs.mySongs())
    return songs.find((song) => song.taskId === generationId)!.id
  })

/** Every endpoint that starts the engine, FluidSynth, ffmpeg or the music API, and what it is asked. */
const starts = (songId: string) =>
  [
    ["/api/generate-song", { title: "Tide", lyrics: "[Verse]\nThe tide comes in", style: "pop" }],
    [`/api/songs/${songId}/extend`, { lyrics: "[Verse]\nAnd goes out again" }],
    [
      `/api/songs/${songId}/replace-section`,
      { lyrics: "[Verse]\nNew words", section: "[Verse 1]" },
    ],
    [`/api/songs/${songId}/restyle`, { style: "jazz ballad" }],
    [`/api/songs/${songId}/stems`, {}],
    ["/api/videos/generate", { format: "tiktok", songId }],
    ["/api/voices", { songId, name: "Mine" }],
  ] as const

describeApp({ env })("heavy work", (it) => {
  it.effect("needs a verified address: refused with 403, nothing started or charged", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUpUnverified("unverified-maker")
      const songId = yield* songOf(person, user.id)
      for (const [path, body] of starts(songId)) {
        const answer = yield* person.post(path, body)
        expect(answer.status, path).toBe(403)
        expect(answer.body, path).toEqual({
          _tag: "EmailNotVerified",
          message:
            "Email verification required: please verify your email address first. Check your inbox for the link, or ask for a new one.",
        })
        expect((yield* postJson(path, body)).status, `${path} anonymous`).toBe(401)
      }
      yield* settle
      expect(yield* balanceOf(person)).toBe(20)
      expect((yield* person.get(`/api/songs/${songId}/stems`)).body).toMatchObject({
        status: "none",
      })
      expect((yield* person.get("/api/voices")).body).toEqual([])
    }),
  )

  it.effect("is for the song's owner: another verified person gets the same 404 as before", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("heavy-owner")
      const songId = yield* songOf(owner.person, owner.user.id)
      const other = yield* signUp("heavy-other")
      for (const [path, body] of starts(songId).slice(1))
        expect((yield* other.person.post(path, body)).status, path).toBe(404)
    }),
  )
})

describeApp({
  env: {
    ...env,
    ...Object.fromEntries(
      ["GENERATIONS", "STEMS", "VIDEOS", "VOICES"].flatMap((kind) => [
        [kind === "GENERATIONS" ? "GENERATIONS_PER_HOUR" : `${kind}_PER_USER`, "1"],
        [`${kind}_PER_ADDRESS`, "2"],
      ]),
    ),
  },
})("heavy work's limits", (it) => {
  const limited = (answer: { status: number; headers: Headers; body: unknown }, path: string) => {
    expect(answer.status, path).toBe(429)
    expect(Number(answer.headers.get("retry-after")), path).toBeGreaterThan(0)
    expect(answer.body, path).toMatchObject({
      _tag: "TooManyRequests",
      message: expect.stringMatching(
        /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
      ),
    })
  }

  it.effect(
    "hold per person and per address, an administrator's too, with 429 and Retry-After",
    () =>
      Effect.gen(function* () {
        // Generation and the operations on a song share one limit: songs started.
        const kinds = (songId: string) => {
          const [generate, extend, , , stems, video, voice] = starts(songId)
          return [
            [generate!, extend!],
            [stems!, stems!],
            [video!, video!],
            [voice!, voice!],
          ] as const
        }
        const first = yield* signUp("heavy-first")
        const firstSong = yield* songOf(first.person, first.user.id)
        for (const [[path, body], [again, againBody]] of kinds(firstSong)) {
          expect((yield* first.person.post(path, body)).status, path).not.toBe(429)
          limited(yield* first.person.post(again, againBody), again)
        }

        // Someone else at the same address starts one of each; the address's limit stops the next.
        const admin = yield* signUpAdmin("heavy-admin", adminEmail)
        const adminSong = yield* songOf(admin.person, admin.user.id)
        for (const [[path, body]] of kinds(adminSong)) {
          expect((yield* admin.person.post(path, body)).status, path).not.toBe(429)
          limited(yield* admin.person.post(path, body), path)
        }
        const third = yield* signUp("heavy-third")
        const thirdSong = yield* songOf(third.person, third.user.id)
        for (const [[path, body]] of kinds(thirdSong))
          limited(yield* third.person.post(path, body), path)
      }),
  )
})
