import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp } from "./testing.ts"
import { newPlaylist, songOf } from "./testing-playlists.ts"

/** Long enough that only a change of what is listed, never a count, drops a kept answer here. */
const lag = 60_000

/** Each community read an anonymous visitor makes, by name. */
const readsOf = (username: string, playlist: string) => ({
  creator: `/api/creators/${username}`,
  songs: `/api/creators/${username}/songs`,
  playlists: `/api/creators/${username}/playlists`,
  playlist: `/api/playlists/${playlist}`,
  search: "/api/search?q=lantern",
  newest: "/api/songs/newest?limit=20&offset=0",
})

const readAll = (paths: Record<string, string>) =>
  Effect.map(
    Effect.forEach(Object.entries(paths), ([name, path]) =>
      Effect.map(request(path), (answer) => {
        expect(answer.status, `${name}: ${answer.text}`).toBe(200)
        return [name, answer.text] as const
      }),
    ),
    (answers) => Object.fromEntries(answers),
  )

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" }, config: { timelineCountsLag: lag } })(
  "the community's answers kept at the edge",
  (it) => {
    it.effect(
      "stay while only counts move; a song made private, a playlist made private and a new bio show at once",
      () =>
        Effect.gen(function* () {
          const owner = yield* signUp("lanternmaker")
          const fan = yield* signUp("lanternfan")
          const song = yield* songOf(owner, "Lantern Song")
          const list = yield* newPlaylist(owner, { name: "Lanterns", songId: song, isPublic: true })
          yield* settle
          const paths = readsOf(owner.user.username, list)
          const kept = yield* readAll(paths)
          for (const name of ["songs", "playlist", "search", "newest"]) {
            expect(kept[name], name).toContain(song)
          }

          // A like moves counts only: every anonymous reader is given the kept answers still.
          yield* fan.person.post(`/api/songs/${song}/like`)
          yield* fan.person.put(`/api/creators/${owner.user.username}/follow`)
          yield* settle
          expect(yield* readAll(paths)).toEqual(kept)

          // A new bio is a change of what the page lists: shown at once, to everyone.
          yield* owner.person.put("/api/profile", { name: "Lantern", bio: "Lights on", links: [] })
          expect((yield* request(paths.creator)).text).toContain("Lights on")

          // A song made private leaves every kept answer at once, without waiting for anything.
          yield* owner.person.patch(`/api/songs/${song}/privacy`, { isPublic: false })
          const afterPrivate = yield* readAll(paths)
          for (const [name, text] of Object.entries(afterPrivate)) {
            expect(text, name).not.toContain(song)
          }

          // A private playlist is not found, nor listed on its creator's page.
          yield* owner.person.put(`/api/playlists/${list}/privacy`, { isPublic: false })
          expect((yield* request(paths.playlist)).status).toBe(404)
          expect((yield* request(paths.playlists)).text).not.toContain(list)
        }),
    )
  },
)
