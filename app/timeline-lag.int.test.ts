import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { PublicSongs } from "#projections/songs/api.ts"
import { type Answer, describeApp, request, signUp } from "./testing.ts"
import { callAs, decodeBody } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

const lag = 2_000
const url = "/api/songs/public?limit=50&offset=0"

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" }, config: { timelineCountsLag: lag } })(
  "the timeline's kept answers",
  (it) => {
    it.effect(
      "show a like to its author at once and to others within the lag; a song made private leaves at once",
      () =>
        Effect.gen(function* () {
          const owner = yield* signUp("lag-owner")
          yield* seedGeneration(owner.user.id, "Late Counts", 1)
          const [song] = yield* callAs(owner.person, (api) => api.songs.mySongs())
          yield* owner.person.patch(`/api/songs/${song!.id}/privacy`, { isPublic: true })
          const fan = yield* signUp("lag-fan")
          const listener = yield* signUp("lag-listener")
          const mine = (answer: Answer) =>
            decodeBody(PublicSongs, answer).songs.find((s) => s.id === song!.id)

          // Each kind of reader has an answer kept: anonymous, the fan's own, the listener's own.
          for (const read of [request(url), fan.person.get(url), listener.person.get(url)])
            expect(mine(yield* read)).toMatchObject({ likes: 0, liked: false })

          yield* fan.person.post(`/api/songs/${song!.id}/like`)
          // The fan reads their like at once; the others their kept answers, for the lag.
          expect(mine(yield* fan.person.get(url))).toMatchObject({ likes: 1, liked: true })
          expect(mine(yield* request(url))).toMatchObject({ likes: 0 })
          expect(mine(yield* listener.person.get(url))).toMatchObject({ likes: 0 })
          yield* Effect.sleep(lag)
          expect(mine(yield* request(url))).toMatchObject({ likes: 1, liked: false })
          expect(mine(yield* listener.person.get(url))).toMatchObject({ likes: 1, liked: false })

          // A song taken off the timeline is gone from every kept answer at once.
          yield* owner.person.patch(`/api/songs/${song!.id}/privacy`, { isPublic: false })
          expect(mine(yield* request(url))).toBeUndefined()
          expect(mine(yield* listener.person.get(url))).toBeUndefined()
        }),
    )
  },
)
