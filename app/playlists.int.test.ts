import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { query } from "#events/testing.ts"
import { playlists } from "#projections/playlists/projection.ts"
import { rebuildProjection } from "#projections/runner.ts"
import { newPlaylist, page, refused, songOf } from "./testing-playlists.ts"

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("playlists", (it) => {
  it.effect("a playlist is made, filled, ordered, renamed and emptied by its owner", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("curator")
      const other = yield* signUp("maker")
      const mine = yield* songOf(owner, "Own Private", false)
      const theirs = yield* songOf(other, "Their Public")
      const third = yield* songOf(other, "Third One")
      const id = yield* newPlaylist(owner, { name: "  Night drive ", songId: theirs })
      for (const song of [mine, third, theirs]) {
        expect((yield* owner.person.put(`/api/playlists/${id}/songs/${song}`)).status).toBe(204)
      }
      const made = page(yield* owner.person.get(`/api/playlists/${id}`))
      expect(made).toMatchObject({
        name: "Night drive",
        description: "",
        isPublic: true,
        isYours: true,
      })
      expect(made.owner.username).toBe(owner.user.username)
      expect(made.titles).toEqual(["Their Public", "Own Private", "Third One"])

      const order = [third, theirs, mine]
      expect(
        (yield* owner.person.put(`/api/playlists/${id}/order`, { songIds: order })).status,
      ).toBe(204)
      yield* owner.person.put(`/api/playlists/${id}`, {
        name: "Dawn",
        description: "For the way home",
      })
      expect(
        (yield* owner.person.send(`/api/playlists/${id}/songs/${theirs}`, { method: "DELETE" }))
          .status,
      ).toBe(204)
      const changed = page(yield* owner.person.get(`/api/playlists/${id}`))
      expect(changed).toMatchObject({ name: "Dawn", description: "For the way home" })
      expect(changed.titles).toEqual(["Third One", "Own Private"])
      // A song added after a new order goes last.
      yield* owner.person.put(`/api/playlists/${id}/songs/${theirs}`)
      expect(page(yield* owner.person.get(`/api/playlists/${id}`)).titles).toEqual([
        "Third One",
        "Own Private",
        "Their Public",
      ])

      const listed = yield* owner.person.get(`/api/playlists/mine?songId=${mine}`)
      expect(listed.body).toMatchObject([
        { id, name: "Dawn", songs: 3, hasSong: true, isPublic: true },
      ])
      const without = yield* owner.person.get(`/api/playlists/mine?songId=${crypto.randomUUID()}`)
      expect(without.body).toMatchObject([{ id, hasSong: false }])

      expect((yield* owner.person.send(`/api/playlists/${id}`, { method: "DELETE" })).status).toBe(
        204,
      )
      refused(yield* owner.person.get(`/api/playlists/${id}`), 404)
      expect((yield* owner.person.get("/api/playlists/mine")).body).toEqual([])
    }),
  )

  it.effect(
    "others see a public playlist without the private songs in it; a private one not at all",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("lister")
        const other = yield* signUp("listener")
        const admin = yield* signUpGrantedAdmin("overseer")
        const hidden = yield* songOf(owner, "Kept Close", false)
        const shown = yield* songOf(owner, "Out Loud")
        const turned = yield* songOf(other, "Soon Private")
        const deleted = yield* songOf(other, "Soon Gone")
        const id = yield* newPlaylist(owner, { name: "Mixed" })
        for (const song of [hidden, shown, turned, deleted]) {
          yield* owner.person.put(`/api/playlists/${id}/songs/${song}`)
        }
        const secret = yield* newPlaylist(owner, { name: "Secret", isPublic: false, songId: shown })

        const path = `/api/playlists/${id}`
        expect(page(yield* owner.person.get(path)).titles).toEqual([
          "Kept Close",
          "Out Loud",
          "Soon Private",
          "Soon Gone",
        ])
        for (const stranger of [request(path), other.person.get(path), admin.person.get(path)]) {
          expect(page(yield* stranger).titles).toEqual(["Out Loud", "Soon Private", "Soon Gone"])
        }

        yield* other.person.patch(`/api/songs/${turned}/privacy`, { isPublic: false })
        yield* other.person.send(`/api/songs/${deleted}`, { method: "DELETE" })
        expect(page(yield* request(path)).titles).toEqual(["Out Loud"])
        expect(page(yield* owner.person.get(path)).titles).toEqual(["Kept Close", "Out Loud"])
        // The song's owner still finds their own private song in the list.
        expect(page(yield* other.person.get(path)).titles).toEqual(["Out Loud", "Soon Private"])

        for (const stranger of [
          request(`/api/playlists/${secret}`),
          other.person.get(`/api/playlists/${secret}`),
          admin.person.get(`/api/playlists/${secret}`),
        ]) {
          refused(yield* stranger, 404, /does not exist, or it is private/)
        }
        const onPage = yield* request(`/api/creators/${owner.user.username}/playlists`)
        expect(onPage.body).toMatchObject([{ id, name: "Mixed", songs: 1 }])
        yield* owner.person.put(`/api/playlists/${id}/privacy`, { isPublic: false })
        expect((yield* request(`/api/creators/${owner.user.username}/playlists`)).body).toEqual([])
        refused(yield* request(path), 404)
        refused(
          yield* request("/api/creators/nobody-at-all/playlists"),
          404,
          /creator does not exist/,
        )
      }),
  )

  it.effect("rebuilds to the same rows, twice", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("rebuilder")
      const a = yield* songOf(owner, "First")
      const b = yield* songOf(owner, "Second")
      const id = yield* newPlaylist(owner, { name: "Again", songId: a })
      yield* owner.person.put(`/api/playlists/${id}/songs/${b}`)
      yield* owner.person.put(`/api/playlists/${id}/order`, { songIds: [b, a] })
      yield* newPlaylist(owner, { name: "Other", isPublic: false, songId: b })
      yield* settle
      const rows = Effect.all(
        ["playlists", "playlist_entries", "playlist_catalog_songs"].map((table) =>
          query(`select * from ${table} order by 1, 2`),
        ),
      )
      const before = yield* rows
      yield* rebuildProjection(playlists)
      const once = yield* rows
      yield* rebuildProjection(playlists)
      expect(once).toEqual(before)
      expect(yield* rows).toEqual(before)
      expect(before.every((table) => table.length > 0)).toBe(true)
    }),
  )
})
