import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { HttpServer } from "@effect/platform"
import { expect, layer } from "@effect/vitest"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { PublicSongs } from "#projections/songs/api.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import { type Answer, type browser, request, settle, signUp, TestApp } from "./testing.ts"
import { callAs, decodeBody } from "./testing-client.ts"
import { Replica } from "./testing-replica.ts"
import { seedGeneration } from "./testing-songs.ts"

/**
 * A public song its owner deletes or makes private leaves every read the product has at once: the
 * timeline's API for anyone and for people signed in (pages kept in memory, answers cached at the edge,
 * pages cut at an older snapshot), the newest songs, the creator's songs and the Following list of a
 * follower, a follower's playlist, the pages the server draws with their JSON-LD, the sitemap, liked songs and the library; and on another server on the same database, within its freshness.
 */

const env = { REGISTRATIONS_PER_ADDRESS: "1000" }

// The built page's shape, as web/index.html has it: the server draws first views into it.
const webDist = mkdtempSync(join(tmpdir(), "melody-dist-"))
writeFileSync(
  join(webDist, "index.html"),
  `<!doctype html><html><head><title>Melody Studio</title></head><body><div id="root"></div></body></html>`,
)

type Person = ReturnType<typeof browser>
const cookieOf = (person: Person) => [...person.cookies].map(([k, v]) => `${k}=${v}`).join("; ")

/** How one server is read: anonymously, or as a signed-in person. */
type Read<R> = (path: string, as?: Person) => Effect.Effect<Answer, never, R>

/** Every read path a public song shows on, by name, as `read` answers it now. */
const readsOf = <R>(
  read: Read<R>,
  people: {
    readonly fan: Person
    readonly owner: Person
    readonly ownerName: string
    /** A public playlist of the fan's that holds the song. */
    readonly fanPlaylist: string
  },
  song: { readonly id: string; readonly title: string },
  snapshot: number,
  /** The server's own address (its APP_URL), which a song's page address, as oEmbed is asked, starts with. */
  appUrl: string,
) =>
  Effect.all({
    "timeline API, anonymous": read("/api/songs/public?limit=50"),
    "timeline API, anonymous again (cached)": read("/api/songs/public?limit=50"),
    "timeline API at an older snapshot": read(`/api/songs/public?limit=50&snapshot=${snapshot}`),
    "timeline API, a fan": read("/api/songs/public?limit=50", people.fan),
    "timeline API, the owner": read("/api/songs/public?limit=50", people.owner),
    "timeline first view": read("/timeline"),
    "song page first view": read(`/song/${song.id}`),
    "song API, anonymous": read(`/api/songs/${song.id}`),
    "sitemap of songs": read("/sitemap-songs-1.xml"),
    "the fan's liked songs": read("/api/songs/liked", people.fan),
    "newest songs": read("/api/songs/newest?limit=50"),
    "trending songs": read("/api/songs/trending?limit=50"),
    "the creator's songs": read(`/api/creators/${people.ownerName}/songs`),
    "the fan's Following list": read("/api/following/songs", people.fan),
    "the fan's playlist, anonymous": read(`/api/playlists/${people.fanPlaylist}`),
    "the fan's playlist, the fan": read(`/api/playlists/${people.fanPlaylist}`, people.fan),
    "search, anonymous": read(`/api/search?q=${encodeURIComponent(song.title)}`),
    "search, a fan": read(`/api/search?q=${encodeURIComponent(song.title)}`, people.fan),
    "its player for other sites": read(`/embed/song/${song.id}`),
    oEmbed: read(`/api/oembed?url=${encodeURIComponent(`${appUrl}/song/${song.id}`)}`),
  })

type Reads = Effect.Effect.Success<ReturnType<typeof readsOf<never>>>

/** The reads that still show the song (its id or its title anywhere in the answer). */
const showing = (reads: Reads, song: { readonly id: string; readonly title: string }) =>
  Object.entries(reads)
    .filter(([, answer]) => answer.text.includes(song.id) || answer.text.includes(song.title))
    .map(([name]) => name)

/** The timeline's JSON-LD in a first view: what crawlers and link previews read. */
const timelineLd = (html: string) =>
  JSON.parse(
    /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? "null",
  ) as {
    numTracks: number
    track: { itemListElement: ReadonlyArray<{ item: { url: string } }> }
  } | null

const withdrawn = (
  how: string,
  withdraw: (owner: Person, songId: string) => Effect.Effect<Answer, never, HttpServer.HttpServer>,
  ownerKeepsIt: boolean,
) =>
  Effect.gen(function* () {
    const replica = yield* Replica
    const owner = yield* signUp("owner")
    const fan = yield* signUp("fan")
    const title = `Vanishing ${crypto.randomUUID().slice(0, 8)}`
    yield* seedGeneration(owner.user.id, title, 2)
    const [song, other] = [...(yield* callAs(owner.person, (api) => api.songs.mySongs()))].sort(
      (a, b) => a.title.localeCompare(b.title),
    )
    for (const id of [song!.id, other!.id])
      yield* owner.person.patch(`/api/songs/${id}/privacy`, { isPublic: true })
    expect((yield* fan.person.post(`/api/songs/${song!.id}/like`)).status).toBe(200)
    const followed = yield* fan.person.send(`/api/creators/${owner.user.username}/follow`, {
      method: "PUT",
    })
    expect(followed.status).toBe(200)
    const playlist = yield* fan.person.post("/api/playlists", { name: "Keepers", songId: song!.id })
    expect(playlist.status).toBe(201)
    yield* settle
    const gone = { id: song!.id, title: song!.title }
    const people = {
      fan: fan.person,
      owner: owner.person,
      ownerName: owner.user.username,
      fanPlaylist: (playlist.body as { id: string }).id,
    }
    const appUrl = yield* AppUrl
    const here: Read<HttpServer.HttpServer> = (path, as) => (as ? as.get(path) : request(path))
    const there: Read<never> = (path, as) => replica.get(path, as && cookieOf(as))
    // The timeline's page as every read below asks for it (and the edge caches it), read with the contract.
    const first = decodeBody(PublicSongs, yield* request("/api/songs/public?limit=50"))

    const showingHere = Effect.map(readsOf(here, people, gone, first.snapshot, appUrl), (reads) =>
      showing(reads, gone),
    )
    /** What the other server shows once `done` holds, or a second has passed: it is about 100 ms late. */
    const showingThere = (done: (names: ReadonlyArray<string>) => boolean) =>
      Effect.gen(function* () {
        let names = showing(yield* readsOf(there, people, gone, first.snapshot, replica.url), gone)
        for (let look = 0; look < 20 && !done(names); look++) {
          yield* Effect.sleep("50 millis")
          names = showing(yield* readsOf(there, people, gone, first.snapshot, replica.url), gone)
        }
        return names
      })

    // Every path shows it, on both servers: each keeps what it has read.
    const everyPath = Object.keys(yield* readsOf(here, people, gone, first.snapshot, appUrl))
    expect(yield* showingHere).toEqual(everyPath)
    expect(yield* showingThere((names) => names.length === everyPath.length)).toEqual(everyPath)
    const timelineBefore = timelineLd((yield* request("/timeline")).text)
    expect(timelineBefore?.numTracks).toBe(first.total)

    expect((yield* withdraw(owner.person, gone.id)).status, how).toBe(200)

    // Here at once; on the other server within its freshness.
    const hereLeft = yield* showingHere
    const thereLeft = yield* showingThere((names) => names.length === 0)
    expect({ here: hereLeft, there: thereLeft }, how).toEqual({ here: [], there: [] })

    const page = decodeBody(PublicSongs, yield* request("/api/songs/public?limit=50"))
    expect(page.total).toBe(first.total - 1)
    const timelineAfter = timelineLd((yield* request("/timeline")).text)
    expect(timelineAfter?.numTracks).toBe(first.total - 1)
    expect(timelineAfter?.track.itemListElement.map((element) => element.item.url)).toEqual(
      expect.not.arrayContaining([expect.stringContaining(gone.id)]),
    )
    expect((yield* request(`/api/songs/${gone.id}`)).status).toBe(404)
    const library = (yield* owner.person.get("/api/songs/my-songs")).text
    expect(library.includes(gone.id), "the owner's library").toBe(ownerKeepsIt)
    // The other version was not touched.
    expect((yield* request("/api/songs/public?limit=50")).text).toContain(other!.id)
  })

// The other server is a process of its own, which may take a minute to start on a busy machine.
const servers = Replica.layer({ ...env, WEB_DIST: webDist }).pipe(
  Layer.provideMerge(TestApp({ env, config: { webDist } })),
  Layer.provideMerge(Logger.minimumLogLevel(LogLevel.Warning)),
)
layer(servers, { excludeTestServices: true, timeout: "3 minutes" })(
  "a public song withdrawn by its owner",
  (it) => {
    it.effect("when deleted, leaves every read path at once, on every server", () =>
      withdrawn(
        "deleted",
        (owner, songId) => owner.send(`/api/songs/${songId}`, { method: "DELETE" }),
        false,
      ),
    )

    it.effect("when made private, leaves every read path but its owner's, on every server", () =>
      withdrawn(
        "made private",
        (owner, songId) => owner.patch(`/api/songs/${songId}/privacy`, { isPublic: false }),
        true,
      ),
    )
  },
)
