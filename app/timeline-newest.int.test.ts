import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { type Answer, describeApp, request, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { songOf } from "#app/testing-songs.ts"

const shown = (answer: Answer) =>
  (answer.body as ReadonlyArray<{ title: string; liked: boolean }>).map(
    (s) => `${s.title}${s.liked ? " ♥" : ""}`,
  )

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("the newest songs", (it) => {
  it.effect(
    "are the public ones, the newest first, alike for everyone but their hearts; private and deleted ones never show",
    () =>
      Effect.gen(function* () {
        const creator = yield* signUp("creator")
        const other = yield* signUp("other")
        const admin = yield* signUpGrantedAdmin("admin")
        const older = yield* songOf(creator, "Older Song")
        yield* songOf(other, "Newer Song")
        yield* songOf(creator, "Hidden Song", false)
        const gone = yield* songOf(other, "Gone Song")
        yield* other.person.post(`/api/songs/${older.id}/like`)
        yield* other.person.send(`/api/songs/${gone.id}`, { method: "DELETE" })

        const newest = "/api/songs/newest"
        const everyone = ["Newer Song (Version 1)", "Older Song (Version 1)"]
        expect(shown(yield* request(newest))).toEqual(everyone)
        expect(shown(yield* creator.person.get(newest))).toEqual(everyone)
        expect(shown(yield* admin.person.get(newest))).toEqual(everyone)
        expect(shown(yield* other.person.get(newest))).toEqual([
          "Newer Song (Version 1)",
          "Older Song (Version 1) ♥",
        ])
        expect(shown(yield* request(`${newest}?limit=1&offset=1`))).toEqual([
          "Older Song (Version 1)",
        ])

        yield* creator.person.patch(`/api/songs/${older.id}/privacy`, { isPublic: false })
        expect(shown(yield* request(newest))).toEqual(["Newer Song (Version 1)"])
        for (const bad of ["limit=0", "limit=51", "offset=-1", "offset=x"]) {
          const refused = yield* request(`${newest}?${bad}`)
          expect(refused.status, bad).toBe(400)
        }
      }),
  )
})
