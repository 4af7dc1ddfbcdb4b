import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { waveformSlices } from "#toolkit/storage/waveform-peaks.ts"
import { type browser, describeApp, request, signUp, signUpAdmin } from "./testing.ts"
import { callAs } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

const adminEmail = "waveform-admin@example.com"
const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  ADMIN_EMAIL: adminEmail,
  WAVEFORMS_PER_USER: "3",
  WAVEFORMS_PER_ADDRESS: "4",
}

/** A song of this person's, public or not: its id. */
const songOf = (person: ReturnType<typeof browser>, userId: string, isPublic: boolean) =>
  Effect.gen(function* () {
    const { generationId } = yield* seedGeneration(userId, `Wave ${crypto.randomUUID()}`, 1)
    const songs = yield* callAs(person, (api) => api.songs.mySongs())
    const id = songs.find((song) => song.taskId === generationId)!.id
    if (isPublic) yield* person.patch(`/api/songs/${id}/privacy`, { isPublic: true })
    return id
  })

describeApp({ env })("a song's waveform", (it) => {
  it.effect("is drawn for anyone who may hear the song, kept, and hidden with a private song", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("waveform-owner")
      const shown = yield* songOf(owner.person, owner.user.id, true)
      const hidden = yield* songOf(owner.person, owner.user.id, false)

      const anonymous = yield* request(`/api/songs/${shown}/waveform`)
      expect(anonymous.status).toBe(200)
      const peaks = (anonymous.body as { peaks: ReadonlyArray<number> }).peaks
      expect(peaks).toHaveLength(waveformSlices)
      expect(Math.max(...peaks)).toBe(100)
      expect((yield* owner.person.get(`/api/songs/${shown}/waveform`)).body).toEqual({ peaks })

      expect((yield* owner.person.get(`/api/songs/${hidden}/waveform`)).status).toBe(200)
      const other = yield* signUp("waveform-other")
      const admin = yield* signUpAdmin("waveform-admin", adminEmail)
      for (const someone of [other.person, admin.person]) {
        const refused = yield* someone.get(`/api/songs/${hidden}/waveform`)
        expect(refused.status).toBe(404)
      }
      expect((yield* request(`/api/songs/${hidden}/waveform`)).status).toBe(404)
      expect((yield* request(`/api/songs/${crypto.randomUUID()}/waveform`)).status).toBe(404)
      expect((yield* request("/api/songs/not-a-song/waveform")).status).toBe(404)
    }),
  )

  it.effect("is drawn within limits per person and per address; a kept one is always read", () =>
    Effect.gen(function* () {
      const busy = yield* signUp("waveform-busy")
      const songs = []
      for (let i = 0; i < 3; i++) songs.push(yield* songOf(busy.person, busy.user.id, false))
      const extra = yield* songOf(busy.person, busy.user.id, false)
      // The first test drew two here: this address has two drawings left, this person three.
      for (const id of songs.slice(0, 2))
        expect((yield* busy.person.get(`/api/songs/${id}/waveform`)).status).toBe(200)
      const limited = yield* busy.person.get(`/api/songs/${songs[2]}/waveform`)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(limited.body).toMatchObject({ _tag: "TooManyRequests" })
      expect((yield* busy.person.get(`/api/songs/${songs[0]}/waveform`)).status).toBe(200)
      expect((yield* busy.person.get(`/api/songs/${extra}/waveform`)).status).toBe(429)
    }),
  )
})
