import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { callAs, decodeBody } from "#app/testing-client.ts"
import { seedGeneration } from "#app/testing-songs.ts"
import { query } from "#events/testing.ts"
import { rebuildProjection } from "#projections/runner.ts"
import { SearchResults } from "#projections/search/api.ts"
import { search } from "#projections/search/projection.ts"

type Person = Effect.Effect.Success<ReturnType<typeof signUp>>

/** A saved song with this style and these lyrics, public unless asked. */
const songWith = (owner: Person, title: string, style: string, lyrics: string, isPublic = true) =>
  Effect.gen(function* () {
    yield* seedGeneration(owner.user.id, title, 1, style, { lyrics })
    const songs = yield* callAs(owner.person, (api) => api.songs.mySongs())
    const song = songs.find((s) => s.title === `${title} (Version 1)`)!
    if (isPublic) yield* owner.person.patch(`/api/songs/${song.id}/privacy`, { isPublic: true })
    return song
  })

const found = (answer: Parameters<typeof decodeBody>[1]) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const results = decodeBody(SearchResults, answer)
  return {
    songs: results.songs.map((s) => s.title.replace(" (Version 1)", "")),
    creators: results.creators.map((c) => c.username),
  }
}

const searchFor = (question: string) => `/api/search?q=${encodeURIComponent(question)}`

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("search", (it) => {
  it.effect(
    "ranks a title over a style over lyrics, matches the last word as typed, and finds a line of lyrics",
    () =>
      Effect.gen(function* () {
        const creator = yield* signUp("seeker")
        yield* songWith(creator, "Harbour Lights", "Folk", "[Verse]\nlanterns on the water")
        yield* songWith(creator, "Night Drive", "Harbour pop, synth", "[Verse]\nheadlights")
        yield* songWith(
          creator,
          "Quiet Street",
          "Jazz",
          "[Chorus]\nwalking down to the harbour at dawn",
        )
        yield* songWith(creator, "Ember", "Rock", "[Verse]\nnothing to see here")
        yield* settle

        for (const question of ["harbour", "Harbour", "harb"]) {
          expect(found(yield* request(searchFor(question))).songs, question).toEqual([
            "Harbour Lights",
            "Night Drive",
            "Quiet Street",
          ])
        }
        expect(found(yield* request(searchFor("down to the harbour at da"))).songs).toEqual([
          "Quiet Street",
        ])
        expect(found(yield* request(searchFor("nothing matches this"))).songs).toEqual([])
        // Punctuation is no word and no syntax: nothing is looked for.
        expect(found(yield* request(searchFor("&& | !:*")))).toEqual({ songs: [], creators: [] })
        expect(found(yield* request(`${searchFor("harbour")}&limit=1`)).songs).toEqual([
          "Harbour Lights",
        ])
      }),
  )

  it.effect(
    "finds a private song for its owner alone, and forgets a song made private or deleted",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("owner")
        const other = yield* signUp("other")
        const admin = yield* signUpGrantedAdmin("admin")
        yield* songWith(owner, "Lighthouse Diary", "Ambient", "[Verse]\nkeeper", false)
        const shared = yield* songWith(owner, "Lighthouse Waltz", "Waltz", "[Verse]\nturning")
        const gone = yield* songWith(owner, "Lighthouse Ruins", "Dark", "[Verse]\nstones")
        yield* settle

        const question = searchFor("lighthouse")
        expect(found(yield* owner.person.get(question)).songs.toSorted()).toEqual([
          "Lighthouse Diary",
          "Lighthouse Ruins",
          "Lighthouse Waltz",
        ])
        for (const stranger of [
          request(question),
          other.person.get(question),
          admin.person.get(question),
        ])
          expect(found(yield* stranger).songs.toSorted()).toEqual([
            "Lighthouse Ruins",
            "Lighthouse Waltz",
          ])

        yield* owner.person.patch(`/api/songs/${shared.id}/privacy`, { isPublic: false })
        yield* owner.person.send(`/api/songs/${gone.id}`, { method: "DELETE" })
        expect(found(yield* other.person.get(question)).songs).toEqual([])
        expect(found(yield* request(question)).songs).toEqual([])
        expect(found(yield* owner.person.get(question)).songs.toSorted()).toEqual([
          "Lighthouse Diary",
          "Lighthouse Waltz",
        ])
      }),
  )

  it.effect("finds creators by their username or name, as edited", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("marinerx")
      const edit = yield* creator.person.put("/api/profile", {
        name: "Captain Quill",
        bio: "",
        links: [],
      })
      expect(edit.status, JSON.stringify(edit.body)).toBe(200)
      yield* settle
      expect(found(yield* request(searchFor(creator.user.username))).creators).toEqual([
        creator.user.username,
      ])
      expect(found(yield* request(searchFor("marinerx"))).creators).toContain(creator.user.username)
      expect(found(yield* request(searchFor("captain qui"))).creators).toEqual([
        creator.user.username,
      ])
      expect(found(yield* request(searchFor("Test Person"))).creators).not.toContain(
        creator.user.username,
      )
    }),
  )

  it.effect("refuses a question that is missing, empty, blank-padded or too long, in words", () =>
    Effect.gen(function* () {
      for (const bad of [
        "",
        "?q=",
        "?q=%20x",
        `?q=${"a".repeat(201)}`,
        "?q=x&limit=0",
        "?q=x&limit=51",
      ]) {
        const answer = yield* request(`/api/search${bad}`)
        expect(answer.status, bad).toBe(400)
        expect(JSON.stringify(answer.body), bad).toMatch(/q must be|limit must be|q: is missing/)
      }
      expect((yield* request(`/api/search?q=${"a".repeat(200)}`)).status).toBe(200)
    }),
  )

  it.effect("finds playlists by name or description: a private one by its owner alone", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("collector")
      const other = yield* signUp("browser")
      const admin = yield* signUpGrantedAdmin("keeper")
      const make = (body: Record<string, unknown>) =>
        Effect.map(owner.person.post("/api/playlists", body), (answer) => {
          expect(answer.status).toBe(201)
          return (answer.body as { id: string }).id
        })
      const shown = yield* make({ name: "Coastal Evenings", description: "slow songs by the sea" })
      const hidden = yield* make({ name: "Coastal Secrets", isPublic: false })
      const gone = yield* make({ name: "Coastal Drafts" })
      yield* owner.person.send(`/api/playlists/${gone}`, { method: "DELETE" })
      yield* settle
      const lists = (answer: Parameters<typeof decodeBody>[1]) =>
        decodeBody(SearchResults, answer).playlists.map((p) => [
          p.name,
          p.owner.username,
          p.isPublic,
        ])

      expect(lists(yield* owner.person.get(searchFor("coastal")))).toEqual([
        ["Coastal Evenings", owner.user.username, true],
        ["Coastal Secrets", owner.user.username, false],
      ])
      for (const stranger of [
        request(searchFor("coastal")),
        other.person.get(searchFor("coastal")),
        admin.person.get(searchFor("coastal")),
      ])
        expect(lists(yield* stranger)).toEqual([["Coastal Evenings", owner.user.username, true]])
      expect(lists(yield* request(searchFor("by the se")))).toEqual([
        ["Coastal Evenings", owner.user.username, true],
      ])

      yield* owner.person.put(`/api/playlists/${shown}`, {
        name: "Harbour Nights",
        description: "",
      })
      yield* owner.person.put(`/api/playlists/${hidden}/privacy`, { isPublic: true })
      expect(lists(yield* request(searchFor("coastal")))).toEqual([
        ["Coastal Secrets", owner.user.username, true],
      ])
      expect(lists(yield* request(searchFor("harbour nigh")))).toEqual([
        ["Harbour Nights", owner.user.username, true],
      ])
    }),
  )

  it.effect("rebuilds to the same rows, twice", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("rebuild")
      yield* songWith(creator, "Tidewater", "Folk", "[Verse]\nsalt")
      yield* creator.person.post("/api/playlists", { name: "Tidewater mornings" })
      yield* settle
      const rows = Effect.all(
        ["search_songs", "search_people", "search_song_names", "search_playlists"].map((table) =>
          query(`select * from ${table} order by 1`),
        ),
      )
      const before = yield* rows
      yield* rebuildProjection(search)
      const once = yield* rows
      yield* rebuildProjection(search)
      expect(once).toEqual(before)
      expect(yield* rows).toEqual(before)
      expect(before.every((table) => table.length > 0)).toBe(true)
    }),
  )
})
