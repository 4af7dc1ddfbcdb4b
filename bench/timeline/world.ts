import type pg from "pg"
import { register, type SignedIn } from "../support/accounts.ts"
import { now } from "../support/report.ts"
import { copySongs, countFollows, follow, seedFollows, seedPeople } from "./people-seed.ts"
import { playlistIdSql, seedPlaylists } from "./playlists-seed.ts"
import { seedPlays } from "./plays-seed.ts"
import { likeTopSongs, seedTimeline } from "./seed.ts"
import { saveSongStreams } from "./song-streams.ts"

/** How big the seeded world is: the scale, or a fraction of it (BENCH_SCALE) for a quick try. */
const scale = Number(process.env.BENCH_SCALE ?? 1)
export const size = {
  songs: Math.round(100_000 * scale),
  likes: Math.round(1_000_000 * scale),
  creators: Math.round(20_000 * scale),
  follows: Math.round(2_000_000 * scale),
  plays: Math.round(5_000_000 * scale),
  playlists: Math.round(50_000 * scale),
}

/** The songs plays and likes arrive for, the most played first: those with a catalog stream. */
const heardSongs = 2000

/** One of `items`, the first far more often: what people visit, play and like leans to the popular. */
export const popular = <A>(items: ReadonlyArray<A>) =>
  items[Math.floor(Math.random() ** 2 * items.length)]!

export interface World {
  readonly listeners: ReadonlyArray<SignedIn>
  readonly usernames: ReadonlyArray<string>
  readonly playlistIds: ReadonlyArray<string>
  readonly heard: ReadonlyArray<string>
}

export const step = async <A>(what: string, run: () => Promise<A>) => {
  const t = now()
  const result = await run()
  console.log(`  ${what} in ${((now() - t) / 1000).toFixed(1)} s`)
  return result
}

/**
 * The world the timeline's and the community's reads are measured in, at `size`, written into the
 * running server's read models; `listeners` people signed in, each following 150 creators and having
 * liked the 200 most liked songs; the `heardSongs` most played songs saved in the catalog, so plays and
 * likes of them are decided as any are.
 */
export const seedWorld = async (
  db: pg.Pool,
  options: { readonly base: string; readonly databaseUrl: string; readonly listeners: number },
): Promise<World> => {
  console.log(`Seeding ${JSON.stringify(size)}:`)
  const likes = await step("songs and likes", () => seedTimeline(db, size))
  await step("the other song read models", () => copySongs(db))
  await step("people", () => seedPeople(db))
  const follows = await step("follows", () => seedFollows(db, size.creators, size.follows))
  const entries = await step("playlists", () => seedPlaylists(db, size))
  const days = await step("plays", () => seedPlays(db, size))
  const listeners: Array<SignedIn> = []
  for (let n = 1; n <= options.listeners; n++) {
    listeners.push(
      await register(options.base, `bench_listener_${n}`, {
        email: `listener${n}@bench.test`,
        name: `Bench Listener ${n}`,
      }),
    )
  }
  await step("listeners", async () => {
    for (const listener of listeners) {
      await likeTopSongs(db, listener.userId, 200)
      await follow(db, listener.userId, size.creators, 150)
    }
    await countFollows(db)
  })
  // The played rank of song g is 1 + (g * 31337) % songs (plays-seed.ts): the first ranks are heard.
  const heard: Array<string> = []
  for (let g = 1; g <= size.songs; g++) {
    if (1 + ((g * 31337) % size.songs) <= heardSongs) heard.push(`song-${g}`)
  }
  const { rows: heardIds } = await db.query<{ id: string }>(
    "select md5(g)::uuid::text as id from unnest($1::text[]) g",
    [heard],
  )
  const ids = heardIds.map((r) => r.id)
  await step(`${ids.length} songs saved in the catalog`, () =>
    saveSongStreams(db, options.databaseUrl, ids),
  )
  await step("vacuum analyze", () => db.query("vacuum analyze"))
  console.log(
    `  ${likes.toLocaleString("en-US")} likes, ${follows.toLocaleString("en-US")} follows, ${entries.toLocaleString("en-US")} playlist entries, ${days.toLocaleString("en-US")} days of counts`,
  )
  const { rows: people } = await db.query<{ username: string }>(
    "select username from creator_people where user_id like 'user-%' order by substr(user_id, 6)::int",
  )
  const { rows: lists } = await db.query<{ id: string }>(
    `select ${playlistIdSql("p")} as id from generate_series(1, $1::int) p where p % 10 <> 0`,
    [size.playlists],
  )
  return {
    listeners,
    usernames: people.map((p) => p.username),
    playlistIds: lists.map((l) => l.id),
    heard: ids,
  }
}
