import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, settle, signUp } from "#app/testing.ts"
import { callAs, decodeBody } from "#app/testing-client.ts"
import { seedGeneration } from "#app/testing-songs.ts"
import { SearchResults } from "#projections/search/api.ts"

type Person = Effect.Effect.Success<ReturnType<typeof signUp>>

/** A saved song of `owner`'s, public unless asked. */
const songOf = (owner: Person, title: string, isPublic = true) =>
  Effect.gen(function* () {
    yield* seedGeneration(owner.user.id, title, 1, "Folk", { lyrics: "[Verse]\nunder the sky" })
    const songs = yield* callAs(owner.person, (api) => api.songs.mySongs())
    const song = songs.find((s) => s.title === `${title} (Version 1)`)!
    if (isPublic) yield* owner.person.patch(`/api/songs/${song.id}/privacy`, { isPublic: true })
    yield* settle
    return song
  })

/** What `person` finds for "moon": each song's title, marked ♥ where they liked it. */
const moonFor = (person: Person) =>
  Effect.map(person.person.get("/api/search?q=moon"), (answer) =>
    decodeBody(SearchResults, answer).songs.map(
      (s) => `${s.title.replace(" (Version 1)", "")}${s.liked ? " ♥" : ""}`,
    ),
  )

describeApp({ env: { SEARCH_REFRESH_SECONDS: "10", REGISTRATIONS_PER_ADDRESS: "1000" } })(
  "searches kept for everyone",
  (it) => {
    it.effect(
      "find a new song once looked for again; a song made private, a person's own private song and a like show at once",
      () =>
        Effect.gen(function* () {
          const creator = yield* signUp("moonmaker")
          const fan = yield* signUp("moonfan")
          const serenade = yield* songOf(creator, "Moonlight Serenade")
          const firstSearch = Date.now()
          expect(yield* moonFor(fan)).toEqual(["Moonlight Serenade"])

          // Kept from the search above: a song published since is not found yet.
          const river = yield* songOf(creator, "Moon River")
          expect(yield* moonFor(fan)).toEqual(["Moonlight Serenade"])
          yield* fan.person.post(`/api/songs/${serenade.id}/like`)
          yield* settle
          expect(yield* moonFor(fan)).toEqual(["Moonlight Serenade ♥"])

          // Found once kept longer than SEARCH_REFRESH_SECONDS: the answer a reader was given and the
          // search behind it each expire in their turn, so it is asked until both have.
          let shown: ReadonlyArray<string> = []
          while (shown.length < 2 && Date.now() < firstSearch + 40_000) {
            shown = yield* moonFor(fan)
            if (shown.length < 2) yield* Effect.sleep("200 millis")
          }
          expect([...shown].sort()).toEqual(["Moon River", "Moonlight Serenade ♥"])

          // Private now: gone from everyone's search at once, still found by its owner.
          yield* creator.person.patch(`/api/songs/${river.id}/privacy`, { isPublic: false })
          yield* settle
          expect(yield* moonFor(fan)).toEqual(["Moonlight Serenade ♥"])
          yield* songOf(creator, "Moon Diary", false)
          expect([...(yield* moonFor(creator))].sort()).toEqual([
            "Moon Diary",
            "Moon River",
            "Moonlight Serenade",
          ])
          expect(yield* moonFor(fan)).toEqual(["Moonlight Serenade ♥"])
        }),
    )
  },
)
