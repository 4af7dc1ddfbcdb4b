import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { callAs, decodeBody } from "#app/testing-client.ts"
import { seedGeneration } from "#app/testing-songs.ts"
import { query } from "#events/testing.ts"
import { PlaylistPage } from "#projections/playlists/api.ts"
import { playlists } from "#projections/playlists/projection.ts"
import { rebuildProjection } from "#projections/runner.ts"

type Person = Effect.Effect.Success<ReturnType<typeof signUp>>
type Answer = Parameters<typeof decodeBody>[1]

/** A saved song, public unless asked. */
const songOf = (owner: Person, title: string, isPublic = true) =>
  Effect.gen(function* () {
    yield* seedGeneration(owner.user.id, title, 1, "Pop")
    const songs = yield* callAs(owner.person, (api) => api.songs.mySongs())
    const song = songs.find((s) => s.title === `${title} (Version 1)`)!
    if (isPublic) yield* owner.person.patch(`/api/songs/${song.id}/privacy`, { isPublic: true })
    return song.id
  })

const newPlaylist = (owner: Person, body: Record<string, unknown>) =>
  Effect.map(owner.person.post("/api/playlists", body), (answer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return (answer.body as { id: string }).id
  })

const page = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const list = decodeBody(PlaylistPage, answer)
  return { ...list, titles: list.songs.map((s) => s.title.replace(" (Version 1)", "")) }
}

const refused = (answer: Answer, status: number, message?: RegExp) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  if (message) expect((answer.body as { message: string }).message).toMatch(message)
}

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
      for (const [method, path, body] of [
        ["POST", "/api/playlists", { name: "Mine" }],
        ["PUT", `/api/playlists/${id}`, { name: "x", description: "" }],
        ["PUT", `/api/playlists/${id}/songs/${song}`, {}],
        ["DELETE", `/api/playlists/${id}`, undefined],
        ["GET", "/api/playlists/mine", undefined],
      ] as const) {
        refused(
          yield* request(path, {
            method,
            headers: { "content-type": "application/json" },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          }),
          401,
        )
      }

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
