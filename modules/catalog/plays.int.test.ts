import { join } from "node:path"
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp, signUpAdmin } from "#app/testing.ts"
import { callAs, clientOf } from "#app/testing-client.ts"
import { songOf } from "#app/testing-songs.ts"
import { query } from "#events/testing.ts"

const playsPerAddress = 40
const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  ADMIN_EMAIL: "curator@example.com",
  PLAYS_PER_ADDRESS: String(playsPerAddress),
}

/** A visitor without an account, told apart from others by their browser. */
const visitorPlays = (songId: string, userAgent: string) =>
  request(`/api/songs/${songId}/plays`, { method: "POST", headers: { "user-agent": userAgent } })

let admin: Effect.Effect.Success<ReturnType<typeof signUp>> | undefined
/** The one administrator, signed up by the first test that needs them. */
const curator = Effect.suspend(() =>
  admin
    ? Effect.succeed(admin)
    : Effect.tap(signUpAdmin("curator", "curator@example.com"), (signedUp) => {
        admin = signedUp
      }),
)

const playsOf = (songId: string) =>
  Effect.flatMap(clientOf(), (api) => api.songs.song({ path: { id: songId } })).pipe(
    Effect.map((song) => song.plays),
  )

describeApp({ env, config: { webDist: join(import.meta.dirname, "..", "..", "web", "dist") } })(
  "plays",
  (it) => {
    describe("of a public song", () => {
      it.effect(
        "count once per listener, signed in or not, and show on the song, the timeline and its creator",
        () =>
          Effect.gen(function* () {
            const owner = yield* signUp("owner")
            const fan = yield* signUp("fan")
            const admin = yield* curator
            const song = yield* songOf(owner, "Night Bus")

            const first = yield* visitorPlays(song.id, "Phone A")
            expect(first.status).toBe(200)
            expect(first.body).toEqual({ counted: true })
            expect((yield* visitorPlays(song.id, "Phone A")).body).toEqual({ counted: false })
            expect((yield* visitorPlays(song.id, "Phone B")).body).toEqual({ counted: true })
            for (const person of [fan, admin, owner]) {
              expect((yield* person.person.post(`/api/songs/${song.id}/plays`)).body).toEqual({
                counted: true,
              })
              expect((yield* person.person.post(`/api/songs/${song.id}/plays`)).body).toEqual({
                counted: false,
              })
            }
            yield* settle

            expect(yield* playsOf(song.id)).toBe(5)
            const timeline = yield* Effect.flatMap(clientOf(), (api) =>
              api.songs.publicSongs({ urlParams: { limit: 20, offset: 0 } }),
            )
            expect(timeline.songs.find((s) => s.id === song.id)?.plays).toBe(5)
            const creator = yield* callAs(fan.person, (api) =>
              api.creators.creator({ path: { username: owner.user.username } }),
            )
            expect(creator.plays).toBe(5)
          }),
      )

      it.effect("keep nothing of a visitor's address, and name who played", () =>
        Effect.gen(function* () {
          const owner = yield* signUp("owner")
          const song = yield* songOf(owner, "Quiet Hours")
          yield* visitorPlays(song.id, "Phone C")
          yield* owner.person.post(`/api/songs/${song.id}/plays`)
          const events = yield* query<{ data: { listener: string }; metadata: { actor: unknown } }>(
            "select data, metadata from events where type = 'SongPlayed' and data->>'songId' = $1 order by global_position",
            [song.id],
          )
          expect(events.map((e) => e.data.listener)).toEqual([
            expect.stringMatching(/^visitor:[\w-]{22}$/),
            `user:${owner.user.id}`,
          ])
          expect(JSON.stringify(events)).not.toContain("127.0.0.1")
          expect(JSON.stringify(events)).not.toContain("Phone C")
          expect(events.map((e) => e.metadata.actor)).toEqual([
            { _tag: "Anonymous" },
            { _tag: "User", userId: owner.user.id },
          ])
        }),
      )
    })

    it.effect("of a private song count for its owner only; to anyone else it does not exist", () =>
      Effect.gen(function* () {
        const owner = yield* signUp("owner")
        const other = yield* signUp("other")
        const song = yield* songOf(owner, "Diary", false)
        expect((yield* visitorPlays(song.id, "Phone D")).status).toBe(404)
        const refused = yield* other.person.post(`/api/songs/${song.id}/plays`)
        expect(refused.status).toBe(404)
        expect(refused.body).toMatchObject({
          message: "This song does not exist, or it is private.",
        })
        expect((yield* owner.person.post(`/api/songs/${song.id}/plays`)).body).toEqual({
          counted: true,
        })
        expect((yield* visitorPlays(crypto.randomUUID(), "Phone D")).status).toBe(404)
        yield* settle
        const own = yield* callAs(owner.person, (api) => api.songs.song({ path: { id: song.id } }))
        expect(own.plays).toBe(1)
        const none = yield* query<{ n: number }>(
          "select count(*)::int as n from events where type = 'SongPlayed' and data->>'songId' = $1",
          [song.id],
        )
        expect(none[0]?.n).toBe(1)
      }),
    )

    it.effect("per day over the last 30 days are shown to the song's owner alone", () =>
      Effect.gen(function* () {
        const owner = yield* signUp("owner")
        const other = yield* signUp("other")
        const song = yield* songOf(owner, "Ferry Lights")
        yield* visitorPlays(song.id, "Phone E")
        yield* visitorPlays(song.id, "Phone F")
        yield* other.person.post(`/api/songs/${song.id}/plays`)
        yield* settle
        const path = `/api/songs/${song.id}/daily-plays`
        const { days } = yield* callAs(owner.person, (api) =>
          api.songs.dailyPlays({ path: { id: song.id } }),
        )
        expect(days).toHaveLength(30)
        expect(days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), plays: 3 })
        expect(days.slice(0, -1).every((day) => day.plays === 0)).toBe(true)
        expect(new Date(days[0]!.day).getTime()).toBe(
          new Date(days.at(-1)!.day).getTime() - 29 * 86_400_000,
        )
        expect((yield* request(path)).status).toBe(401)
        expect((yield* other.person.get(path)).status).toBe(404)
        expect((yield* (yield* curator).person.get(path)).status).toBe(404)
        expect(
          (yield* owner.person.get(`/api/songs/${crypto.randomUUID()}/daily-plays`)).status,
        ).toBe(404)
      }),
    )

    // Last: it spends this address's plays.
    it.effect("from one address are limited, with a 429 and when to come back", () =>
      Effect.gen(function* () {
        const owner = yield* signUp("owner")
        const song = yield* songOf(owner, "Loop")
        const statuses: Array<number> = []
        for (let i = 0; i < playsPerAddress + 1; i++) {
          statuses.push((yield* visitorPlays(song.id, `Script ${i}`)).status)
        }
        const limited = yield* visitorPlays(song.id, "Script again")
        expect(statuses.at(-1)).toBe(429)
        expect(limited.status).toBe(429)
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
        yield* settle
        expect(yield* playsOf(song.id)).toBe(statuses.filter((s) => s === 200).length)
      }),
    )
  },
)
