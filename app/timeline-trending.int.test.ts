import { expect } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { describeApp, request, settle, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { decodeBody } from "#app/testing-client.ts"
import { songOf } from "#app/testing-songs.ts"
import { Actors } from "#events/contracts/actor.ts"
import { catalogStreams, SongPlayed } from "#events/contracts/catalog.ts"
import { EventStore, toNewEvent } from "#events/store/index.ts"
import { SongView } from "#projections/songs/api.ts"

const trending = "/api/songs/trending"
const shown = (answer: Parameters<typeof decodeBody>[1]) =>
  decodeBody(Schema.Array(SongView), answer).map((s) => `${s.title}${s.liked ? " ♥" : ""}`)

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)

/** `count` plays of the song by as many visitors, `days` days ago, as the player would have reported them. */
const playedBefore = (songId: string, count: number, days: number) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    for (let i = 0; i < count; i++) {
      const listener = `visitor:earlier-${days}-${i}`
      yield* store.append(catalogStreams.play(songId, listener), "any", [
        toNewEvent(SongPlayed)(
          new SongPlayed({ songId, listener, playedAt: daysAgo(days) }),
          { actor: Actors.anonymous, correlationId: songId },
          crypto.randomUUID(),
        ),
      ])
    }
  })

const playedNow = (songId: string, visitor: string) =>
  request(`/api/songs/${songId}/plays`, { method: "POST", headers: { "user-agent": visitor } })

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("the trending songs", (it) => {
  it.effect(
    "rank the last week's likes and plays, recent days counting most; quiet, older, private and deleted songs never show",
    () =>
      Effect.gen(function* () {
        const creator = yield* signUp("creator")
        const fan = yield* signUp("fan")
        const admin = yield* signUpGrantedAdmin("admin")
        const oldHit = yield* songOf(creator, "Old Hit")
        const newTune = yield* songOf(creator, "New Tune")
        const heardToday = yield* songOf(fan, "Heard Today")
        const forgotten = yield* songOf(creator, "Forgotten")
        yield* songOf(creator, "Quiet")
        const diary = yield* songOf(creator, "Diary", false)

        // Ten plays five days ago weigh 10 x 0.5^2.5 = 1.8; a like today 3; two plays today 2.
        yield* playedBefore(oldHit.id, 10, 5)
        yield* playedBefore(forgotten.id, 50, 8)
        yield* fan.person.post(`/api/songs/${newTune.id}/like`)
        yield* playedNow(heardToday.id, "Phone A")
        yield* playedNow(heardToday.id, "Phone B")
        yield* creator.person.post(`/api/songs/${diary.id}/plays`)
        yield* settle

        const everyone = ["New Tune (Version 1)", "Heard Today (Version 1)", "Old Hit (Version 1)"]
        expect(shown(yield* request(trending))).toEqual(everyone)
        expect(shown(yield* creator.person.get(trending))).toEqual(everyone)
        expect(shown(yield* admin.person.get(trending))).toEqual(everyone)
        expect(shown(yield* fan.person.get(trending))).toEqual([
          "New Tune (Version 1) ♥",
          "Heard Today (Version 1)",
          "Old Hit (Version 1)",
        ])
        expect(shown(yield* request(`${trending}?limit=1&offset=1`))).toEqual([
          "Heard Today (Version 1)",
        ])

        yield* creator.person.patch(`/api/songs/${newTune.id}/privacy`, { isPublic: false })
        yield* fan.person.send(`/api/songs/${heardToday.id}`, { method: "DELETE" })
        expect(shown(yield* request(trending))).toEqual(["Old Hit (Version 1)"])
        for (const bad of ["limit=0", "limit=51", "offset=-1", "offset=x"]) {
          expect((yield* request(`${trending}?${bad}`)).status, bad).toBe(400)
        }
      }),
  )
})
