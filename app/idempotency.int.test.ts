import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { songIdOfVersion } from "#modules/catalog/index.ts"
import type { RenderFacts } from "#modules/music/index.ts"
import { balanceOf, describeApp, postJson } from "./testing.ts"
import { callAs } from "./testing-client.ts"
import { type Browser, env, paid, sameAnswer, signedUp, song } from "./testing-idempotency.ts"
import { seedEngineSong, seedGeneration } from "./testing-songs.ts"

const facts: RenderFacts = {
  durationMs: 20_000,
  endMs: 18_000,
  barMs: 2_000,
  sections: [
    { label: "[Verse]", startMs: 2_000, endMs: 10_000, lines: ["Paper boats", "On the rain"] },
    { label: "[Chorus]", startMs: 10_000, endMs: 18_000, lines: ["Sail away", "Far away"] },
  ],
  voice: { gender: "female", delivery: "sing" },
  engine: { made: "in a test" },
}

const synced = {
  lines: [{ text: "Paper boats", startMs: 0, endMs: 1_500, words: [] }],
}

/** Every paid request but a lyric video, and what it is asked, for a song of the person's. */
const paidRequests = (songId: string) =>
  [
    ["/api/generate-song", song],
    [`/api/songs/${songId}/extend`, { lyrics: "[Verse]\nAnd goes out again" }],
    [
      `/api/songs/${songId}/replace-section`,
      { lyrics: "[Verse]\nNew words\nOn the rain", section: "[Verse]" },
    ],
    [`/api/songs/${songId}/restyle`, { style: "jazz ballad" }],
    [`/api/songs/${songId}/stems`, {}],
    ["/api/videos/generate", { format: "tiktok", songId }],
    ["/api/payments/create-payment-intent", { amount: 13.29, credits: 150 }],
    ["/api/subscription/create", { planId: "BASIC" }],
  ] as const

describeApp({ env })("an Idempotency-Key on a paid request", (it) => {
  it.effect("sent twice answers the first answer again, charged once, one generation", () =>
    Effect.gen(function* () {
      const { person } = yield* signedUp("idem-twice")
      const key = crypto.randomUUID()
      const first = yield* paid(person, "/api/generate-song", song, key)
      expect(first.status).toBe(200)
      const charged = yield* balanceOf(person)
      expect(charged).toBeLessThan(1000)
      const again = yield* paid(person, "/api/generate-song", song, key)
      sameAnswer(again, first, "the retry")
      expect(yield* balanceOf(person)).toBe(charged)
      // Without a key, the same body is a new request.
      const fresh = yield* person.post("/api/generate-song", song)
      expect(fresh.status).toBe(200)
      expect(fresh.body).not.toEqual(first.body)
      expect(fresh.headers.get("idempotent-replayed")).toBeNull()
      expect(yield* balanceOf(person)).toBe(charged - (1000 - charged))
    }),
  )

  it.effect("sent twice at once runs once: one answer, the other the same or 409", () =>
    Effect.gen(function* () {
      const { person } = yield* signedUp("idem-race")
      const key = crypto.randomUUID()
      const answers = yield* Effect.all(
        [1, 2, 3].map(() => paid(person, "/api/generate-song", song, key)),
        { concurrency: "unbounded" },
      )
      const started = answers.filter((a) => a.status === 200)
      expect(started.length).toBeGreaterThan(0)
      for (const answer of started) expect(answer.body).toEqual(started[0]!.body)
      for (const answer of answers.filter((a) => a.status !== 200)) {
        expect(answer.status).toBe(409)
        expect(answer.body).toEqual({
          _tag: "IdempotencyKeyInUse",
          message:
            "A request with this Idempotency-Key is still being processed: try again in a moment to get its answer.",
        })
      }
      const once = yield* balanceOf(person)
      const alone = yield* signedUp("idem-alone")
      yield* alone.person.post("/api/generate-song", song)
      expect(once).toBe(yield* balanceOf(alone.person))
    }),
  )

  it.effect("with another body or path is refused with 422, and nothing is done", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signedUp("idem-other-body")
      const { songId } = yield* seedEngineSong(user.id, "Paper Boats (Version 1)", facts)
      const key = crypto.randomUUID()
      const first = yield* paid(person, "/api/generate-song", song, key)
      expect(first.status).toBe(200)
      const charged = yield* balanceOf(person)
      for (const [path, body] of [
        ["/api/generate-song", { ...song, title: "Ebb" }],
        [`/api/songs/${songId}/restyle`, { style: "jazz ballad" }],
      ] as const) {
        const other = yield* paid(person, path, body, key)
        expect(other.status, path).toBe(422)
        expect(other.body, path).toEqual({
          _tag: "IdempotencyKeyReused",
          message:
            "This Idempotency-Key was used in the last 24 hours for a different request: send a new key for a new request.",
        })
      }
      expect(yield* balanceOf(person)).toBe(charged)
      const songs = yield* callAs(person, (api) => api.songs.mySongs())
      expect(songs).toHaveLength(1)
    }),
  )

  it.effect("is the person's own: another person's same key is their own request", () =>
    Effect.gen(function* () {
      const one = yield* signedUp("idem-one")
      const other = yield* signedUp("idem-other")
      const key = crypto.randomUUID()
      const first = yield* paid(one.person, "/api/generate-song", song, key)
      const theirs = yield* paid(other.person, "/api/generate-song", song, key)
      expect(theirs.status).toBe(200)
      expect(theirs.headers.get("idempotent-replayed")).toBeNull()
      expect(theirs.body).not.toEqual(first.body)
      expect(yield* balanceOf(other.person)).toBe(yield* balanceOf(one.person))
      expect(yield* balanceOf(other.person)).toBeLessThan(1000)
    }),
  )

  it.effect("from someone not signed in is refused with 401 as before, and keeps nothing", () =>
    Effect.gen(function* () {
      const key = crypto.randomUUID()
      for (let i = 0; i < 2; i++) {
        const answer = yield* postJson("/api/generate-song", song, { "idempotency-key": key })
        expect(answer.status).toBe(401)
        expect(answer.headers.get("idempotent-replayed")).toBeNull()
      }
      // The key names nothing yet for whoever signs in and uses it.
      const { person } = yield* signedUp("idem-after-anonymous")
      expect((yield* paid(person, "/api/generate-song", song, key)).status).toBe(200)
    }),
  )

  it.effect("longer than 255 characters, empty or with bad bytes is refused with 400", () =>
    Effect.gen(function* () {
      const { person } = yield* signedUp("idem-bad-key")
      for (const key of ["k".repeat(256), "two words", "caf\u00e9", ""]) {
        const answer = yield* person.send("/api/generate-song", {
          method: "POST",
          headers: [
            ["content-type", "application/json"],
            ["idempotency-key", key],
          ],
          body: JSON.stringify(song),
        })
        const what = JSON.stringify(key.length > 20 ? `${key.length} characters` : key)
        expect(answer.status, what).toBe(400)
        expect(answer.body, what).toEqual({
          _tag: "MalformedRequest",
          message:
            "The Idempotency-Key header must be 1 to 255 visible ASCII characters without spaces (a UUID is best).",
        })
      }
      expect((yield* paid(person, "/api/generate-song", song, "k".repeat(255))).status).toBe(200)
      expect(yield* balanceOf(person)).toBeLessThan(1000)
    }),
  )

  it.effect("is honoured by every paid request: a retry answers again and charges nothing", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signedUp("idem-every")
      const { songId } = yield* seedEngineSong(user.id, "Paper Boats (Version 1)", facts, {
        requested: true,
      })
      const once = (who: Browser, path: string, body: unknown) =>
        Effect.gen(function* () {
          const key = crypto.randomUUID()
          const first = yield* paid(who, path, body, key)
          expect(first.status, `${path}: ${first.text}`).toBeLessThan(300)
          const charged = yield* balanceOf(who)
          sameAnswer(yield* paid(who, path, body, key), first, path)
          expect(yield* balanceOf(who), path).toBe(charged)
        })
      for (const [path, body] of paidRequests(songId)) yield* once(person, path, body)
      // One video at a time per person: the lyric video is another's.
      const lyrics = yield* signedUp("idem-lyric-video")
      const timed = yield* seedGeneration(lyrics.user.id, "Timed", 1, "pop", { synced })
      const timedSongId = songIdOfVersion(timed.versions[0]!.versionId)
      yield* once(lyrics.person, "/api/videos/generate", {
        format: "tiktok",
        songId: timedSongId,
        showLyrics: true,
      })
    }),
  )
})
