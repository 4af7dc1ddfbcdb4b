import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { newPlaylist, page, songOf } from "./testing-playlists.ts"
import { refused, refusedWithoutSession } from "./testing-refusals.ts"

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("who may change a playlist", (it) => {
  it.effect("only its owner changes a playlist, and bad input changes nothing", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("keeper")
      const other = yield* signUp("intruder")
      const admin = yield* signUpGrantedAdmin("moderator")
      const song = yield* songOf(owner, "Anchor")
      const private_ = yield* songOf(other, "Not Yours", false)
      const id = yield* newPlaylist(owner, { name: "Guarded", songId: song })
      const before = page(yield* owner.person.get(`/api/playlists/${id}`))

      const hidden = yield* newPlaylist(owner, { name: "Only Mine", isPublic: false })
      for (const who of [other.person, admin.person]) {
        // Their own lists are theirs alone, and a creator's page lists only public ones, for anyone.
        expect((yield* who.get("/api/playlists/mine")).text).not.toContain(id)
        const listed = (yield* who.get(`/api/creators/${owner.user.username}/playlists`)).text
        expect(listed).toContain(id)
        expect(listed).not.toContain(hidden)
        refused(
          yield* who.put(`/api/playlists/${id}`, { name: "Taken", description: "" }),
          404,
          /not yours/,
        )
        refused(yield* who.put(`/api/playlists/${id}/privacy`, { isPublic: false }), 404)
        refused(yield* who.put(`/api/playlists/${id}/songs/${song}`), 404)
        refused(yield* who.send(`/api/playlists/${id}/songs/${song}`, { method: "DELETE" }), 404)
        refused(yield* who.put(`/api/playlists/${id}/order`, { songIds: [song] }), 404)
        refused(yield* who.send(`/api/playlists/${id}`, { method: "DELETE" }), 404)
      }
      yield* refusedWithoutSession([
        ["POST", "/api/playlists", { name: "Mine" }],
        ["PUT", `/api/playlists/${id}`, { name: "x", description: "" }],
        ["PUT", `/api/playlists/${id}/songs/${song}`, {}],
        ["DELETE", `/api/playlists/${id}`, undefined],
        ["GET", "/api/playlists/mine", undefined],
      ])

      refused(yield* owner.person.put(`/api/playlists/${id}/songs/${private_}`), 404, /private/)
      refused(yield* owner.person.post("/api/playlists", { name: "x", songId: private_ }), 404)
      refused(yield* owner.person.put(`/api/playlists/${id}/songs/${crypto.randomUUID()}`), 404)
      refused(yield* owner.person.post("/api/playlists", { name: "   " }), 400, /Name is required/)
      refused(
        yield* owner.person.post("/api/playlists", { name: "n".repeat(101) }),
        400,
        /at most 100/,
      )
      refused(
        yield* owner.person.put(`/api/playlists/${id}`, {
          name: "Ok",
          description: "d".repeat(501),
        }),
        400,
        /Description must be at most 500 characters/,
      )
      refused(yield* owner.person.put(`/api/playlists/${id}/privacy`, { isPublic: "yes" }), 400)
      refused(
        yield* owner.person.put(`/api/playlists/${id}/order`, { songIds: [song, song] }),
        409,
        /changed meanwhile/,
      )
      refused(yield* owner.person.put(`/api/playlists/${id}/order`, { songIds: "all" }), 400)
      refused(
        yield* owner.person.put(`/api/playlists/${crypto.randomUUID()}/privacy`, {
          isPublic: true,
        }),
        404,
      )
      expect(page(yield* owner.person.get(`/api/playlists/${id}`))).toEqual(before)
    }),
  )
})
