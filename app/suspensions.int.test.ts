import { expect } from "@effect/vitest"
import { Effect } from "effect"
import {
  browser,
  describeApp,
  readOwnWrites,
  request,
  runJobs,
  settle,
  signUp,
  signUpGrantedAdmin,
} from "#app/testing.ts"
import { newPlaylist, type Person, songOf } from "./testing-playlists.ts"
import { refused, refusedWithoutSession } from "./testing-refusals.ts"

const ok = (answer: { readonly status: number; readonly body: unknown }, status = 200) =>
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)

const signIn = (who: Person) =>
  browser().post("/api/login", { username: who.user.username, password: "secret-password" })

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000", ...readOwnWrites } })(
  "suspensions",
  (it) => {
    it.effect(
      "a suspended account is signed out, kept out with why and until when, its public work hidden; lifting brings it all back",
      () =>
        Effect.gen(function* () {
          const maker = yield* signUp("suspended_maker")
          const fan = yield* signUp("suspension_fan")
          const admin = yield* signUpGrantedAdmin("suspending_admin")
          const songId = yield* songOf(maker, "Quokka Anthem")
          const list = yield* newPlaylist(maker, { name: "Quokka Mix", songId })
          ok(yield* maker.person.put(`/api/playlists/${list}/privacy`, { isPublic: true }), 204)
          const posted = yield* maker.person.post(`/api/songs/${songId}/comments`, {
            text: "First!",
          })
          ok(posted, 201)
          const fansSong = yield* songOf(fan, "Fan Song")
          ok(yield* maker.person.post(`/api/songs/${fansSong}/comments`, { text: "Nice one" }), 201)
          yield* settle

          const suspend = { username: maker.user.username, reason: "Spamming comments." }
          yield* refusedWithoutSession([["POST", "/api/admin/suspensions", suspend]])
          refused(yield* fan.person.post("/api/admin/suspensions", suspend), 404)
          refused(
            yield* admin.person.post("/api/admin/suspensions", {
              ...suspend,
              username: admin.user.username,
            }),
            403,
            /your own account/,
          )
          refused(
            yield* admin.person.post("/api/admin/suspensions", {
              ...suspend,
              username: "nobody_here",
            }),
            404,
          )
          refused(
            yield* admin.person.post("/api/admin/suspensions", {
              ...suspend,
              until: "2001-01-01T00:00:00Z",
            }),
            400,
            /later than now/,
          )
          refused(
            yield* admin.person.post("/api/admin/suspensions", { ...suspend, until: "next week" }),
            400,
            /until must be/,
          )
          ok(yield* admin.person.post("/api/admin/suspensions", suspend))
          refused(
            yield* admin.person.post("/api/admin/suspensions", suspend),
            409,
            /suspended already/,
          )
          yield* settle

          // Signed out at once, and kept out with the reason.
          refused(yield* maker.person.get("/api/user"), 401)
          const again = yield* signIn(maker)
          refused(again, 403, /suspended until an admin lifts it: Spamming comments\./)
          // Everything public of theirs is gone for everyone else.
          refused(yield* fan.person.get(`/api/songs/${songId}`), 404)
          refused(yield* request(`/api/playlists/${list}`), 404)
          refused(yield* request(`/api/creators/${maker.user.username}`), 404)
          expect((yield* request("/api/songs/public")).text).not.toContain("Quokka Anthem")
          const fansComments = fan.person.get(`/api/songs/${fansSong}/comments`)
          expect((yield* fansComments).body).toMatchObject({ total: 0, comments: [] })
          const standing = yield* admin.person.get("/api/admin/suspensions")
          expect(standing.body).toMatchObject([
            { username: maker.user.username, reason: "Spamming comments.", until: null },
          ])
          refused(yield* fan.person.get("/api/admin/suspensions"), 404)
          const activity = yield* admin.person.get("/api/admin/interactions?type=suspend_account")
          expect(activity.text).toContain("Spamming comments.")

          // Lifted: it all comes back, and they may sign in.
          const lift = { username: maker.user.username, reason: "Warned." }
          refused(yield* fan.person.post("/api/admin/suspensions/lift", lift), 404)
          ok(yield* admin.person.post("/api/admin/suspensions/lift", lift))
          refused(
            yield* admin.person.post("/api/admin/suspensions/lift", lift),
            409,
            /not suspended/,
          )
          yield* settle
          ok(yield* signIn(maker))
          ok(yield* fan.person.get(`/api/songs/${songId}`))
          ok(yield* request(`/api/playlists/${list}`))
          ok(yield* request(`/api/creators/${maker.user.username}`))
          expect((yield* fansComments).body).toMatchObject({
            total: 1,
            comments: [{ text: "Nice one" }],
          })
          expect((yield* admin.person.get("/api/admin/suspensions")).body).toEqual([])
        }),
    )

    it.effect("a suspension for a time ends when its time comes", () =>
      Effect.gen(function* () {
        const maker = yield* signUp("briefly_suspended")
        const admin = yield* signUpGrantedAdmin("brief_admin")
        const until = new Date(Date.now() + 5000)
        ok(
          yield* admin.person.post("/api/admin/suspensions", {
            username: maker.user.username,
            reason: "A cooling-off.",
            until: until.toISOString(),
          }),
        )
        yield* settle
        refused(yield* signIn(maker), 403, /suspended until .* UTC: A cooling-off\./)
        yield* Effect.sleep(Math.max(0, until.getTime() - Date.now()) + 200)
        yield* runJobs
        yield* settle
        ok(yield* signIn(maker))
      }),
    )
  },
)
