import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import {
  type Answer,
  describeApp,
  request,
  settle,
  signUp,
  signUpGrantedAdmin,
} from "#app/testing.ts"
import { songOf } from "#app/testing-songs.ts"
import { query } from "#events/testing.ts"
import { creators } from "#projections/creators/projection.ts"
import { rebuildProjection } from "#projections/runner.ts"

const env = { REGISTRATIONS_PER_ADDRESS: "1000" }

const titles = (answer: Answer) =>
  (answer.body as ReadonlyArray<{ title: string }>).map((s) => s.title)

const usernames = (answer: Answer) =>
  (answer.body as ReadonlyArray<{ username: string }>).map((p) => p.username)

describeApp({ env })("following creators", (it) => {
  describe("a follow", () => {
    it.effect("is the caller's own, of someone who exists, never of oneself", () =>
      Effect.gen(function* () {
        const creator = yield* signUp("creator")
        const fan = yield* signUp("fan")
        const path = `/api/creators/${creator.user.username}/follow`
        const anonymous = yield* request(path, { method: "PUT" })
        expect(anonymous.status).toBe(401)
        const unknown = yield* fan.person.send("/api/creators/nobody_here/follow", {
          method: "PUT",
        })
        expect(unknown.status).toBe(404)
        expect(unknown.body).toMatchObject({ message: "This creator does not exist." })
        const self = yield* creator.person.send(path, { method: "PUT" })
        expect(self.status).toBe(400)
        expect(self.body).toMatchObject({ message: "You cannot follow yourself." })
        const profile = `/api/creators/${creator.user.username}`
        expect((yield* request(profile)).body).toMatchObject({ followers: 0, following: 0 })

        // Twice, and by a username in other letters: one follow all the same.
        const followed = yield* fan.person.send(path, { method: "PUT" })
        expect(followed.status).toBe(200)
        expect(followed.body).toEqual({ following: true })
        const shouted = `/api/creators/${creator.user.username.toUpperCase()}/follow`
        expect((yield* fan.person.send(shouted, { method: "PUT" })).status).toBe(200)
        expect((yield* fan.person.get(profile)).body).toMatchObject({
          followers: 1,
          followedByYou: true,
        })
        expect((yield* request(profile)).body).toMatchObject({ followedByYou: false })
        expect((yield* fan.person.get(`/api/creators/${fan.user.username}`)).body).toMatchObject({
          followers: 0,
          following: 1,
        })

        // Only the follower ends it: someone else's unfollow is of their own follow, which does not exist.
        const other = yield* signUp("other")
        expect((yield* other.person.send(path, { method: "DELETE" })).body).toEqual({
          following: false,
        })
        expect((yield* request(profile)).body).toMatchObject({ followers: 1 })
        expect((yield* request(path, { method: "DELETE" })).status).toBe(401)
        expect((yield* fan.person.send(path, { method: "DELETE" })).body).toEqual({
          following: false,
        })
        expect((yield* fan.person.get(profile)).body).toMatchObject({
          followers: 0,
          followedByYou: false,
        })
        const [recorded] = yield* query<{ count: number }>(
          "select count(*)::int as count from events where type in ('CreatorFollowed', 'CreatorUnfollowed')",
        )
        expect(recorded?.count).toBe(2)
      }),
    )
  })

  describe("a creator's page", () => {
    it.effect("counts and lists public songs only, for anyone, an admin no differently", () =>
      Effect.gen(function* () {
        const creator = yield* signUp("creator")
        const admin = yield* signUpGrantedAdmin("moderator")
        const shown = yield* songOf(creator, "Open Window")
        yield* songOf(creator, "Locked Drawer", false)
        const fan = yield* signUp("fan")
        yield* fan.person.post(`/api/songs/${shown.id}/like`)
        const page = `/api/creators/${creator.user.username}`
        for (const reader of [
          request(page),
          fan.person.get(page),
          admin.person.get(page),
          creator.person.get(page),
        ]) {
          const answer = yield* reader
          expect(answer.status).toBe(200)
          expect(answer.body).toMatchObject({
            username: creator.user.username,
            name: "Test Person",
            songs: 1,
            likes: 1,
          })
        }
        for (const reader of [request(`${page}/songs`), admin.person.get(`${page}/songs`)]) {
          expect(titles(yield* reader)).toEqual(["Open Window (Version 1)"])
        }
        expect((yield* request("/api/creators/nobody_here")).status).toBe(404)
        expect((yield* request("/api/creators/nobody_here/songs")).status).toBe(404)
        expect((yield* request("/api/creators/nobody_here/followers")).status).toBe(404)
      }),
    )

    it.effect("lists followers and followed creators, the latest first", () =>
      Effect.gen(function* () {
        const creator = yield* signUp("creator")
        const first = yield* signUp("first")
        const second = yield* signUp("second")
        for (const fan of [first, second]) {
          yield* fan.person.send(`/api/creators/${creator.user.username}/follow`, { method: "PUT" })
        }
        yield* first.person.send(`/api/creators/${second.user.username}/follow`, { method: "PUT" })
        expect(
          usernames(yield* request(`/api/creators/${creator.user.username}/followers`)),
        ).toEqual([second.user.username, first.user.username])
        expect(usernames(yield* request(`/api/creators/${first.user.username}/following`))).toEqual(
          [second.user.username, creator.user.username],
        )
        expect(
          usernames(yield* request(`/api/creators/${creator.user.username}/following`)),
        ).toEqual([])
      }),
    )
  })

  describe("the Following list", () => {
    it.effect(
      "has the public songs of the people one follows, newest first, and loses a song made private or deleted",
      () =>
        Effect.gen(function* () {
          const creator = yield* signUp("creator")
          const stranger = yield* signUp("stranger")
          const fan = yield* signUp("fan")
          const admin = yield* signUpGrantedAdmin("moderator")
          yield* fan.person.send(`/api/creators/${creator.user.username}/follow`, { method: "PUT" })
          const older = yield* songOf(creator, "First Light")
          const newer = yield* songOf(creator, "Second Wind")
          yield* songOf(creator, "Kept Quiet", false)
          yield* songOf(stranger, "Not Followed")
          const list = "/api/following/songs"
          expect(titles(yield* fan.person.get(list))).toEqual([
            "Second Wind (Version 1)",
            "First Light (Version 1)",
          ])
          expect(titles(yield* fan.person.get(`${list}?limit=1&offset=1`))).toEqual([
            "First Light (Version 1)",
          ])
          // Nobody else's list shows them: not the creator's own, not an admin's.
          expect(titles(yield* admin.person.get(list))).toEqual([])
          expect(titles(yield* creator.person.get(list))).toEqual([])
          expect((yield* request(list)).status).toBe(401)
          for (const bad of ["limit=0", "limit=51", "offset=-1", "limit=abc"]) {
            expect((yield* fan.person.get(`${list}?${bad}`)).status, bad).toBe(400)
          }

          yield* creator.person.patch(`/api/songs/${newer.id}/privacy`, { isPublic: false })
          yield* creator.person.send(`/api/songs/${older.id}`, { method: "DELETE" })
          expect(titles(yield* fan.person.get(list))).toEqual([])
          const page = `/api/creators/${creator.user.username}`
          expect(titles(yield* request(`${page}/songs`))).toEqual([])
          expect((yield* request(page)).body).toMatchObject({ songs: 0, likes: 0 })
        }),
    )
  })

  it.effect("the read model rebuilt from zero, twice, holds the same rows", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("creator")
      const fan = yield* signUp("fan")
      const song = yield* songOf(creator, "Rebuilt")
      yield* fan.person.post(`/api/songs/${song.id}/like`)
      yield* creator.person.put("/api/profile", {
        name: "Rebuilt Creator",
        bio: "Twice",
        links: ["https://rebuilt.example"],
      })
      yield* fan.person.send(`/api/creators/${creator.user.username}/follow`, { method: "PUT" })
      const pest = yield* signUp("pest")
      yield* fan.person.send(`/api/creators/${pest.user.username}/block`, { method: "PUT" })
      yield* settle
      const rows = Effect.forEach(creators.tables, (table) =>
        query(`select * from ${table} order by 1, 2`),
      )
      const before = yield* rows
      yield* rebuildProjection(creators)
      const once = yield* rows
      yield* rebuildProjection(creators)
      expect(once).toEqual(before)
      expect(yield* rows).toEqual(before)
      expect(before.every((table) => table.length > 0)).toBe(true)
    }),
  )
})
