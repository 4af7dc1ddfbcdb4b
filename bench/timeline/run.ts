import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, ManagedRuntime, Redacted } from "effect"
import pg from "pg"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { freePort } from "#events/test-postgres.ts"
import { makeTimelineOrder } from "#projections/songs/timeline-order.ts"
import { readTimelineOrder, songsInOrderReader } from "#projections/songs/timeline-reads.ts"
import { now, printTable, type Row } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"
import { type Measured, load as measureLoad, timed as measureTimed, worst } from "./measure.ts"
import { likeSteadily, likeTopSongs, seedTimeline } from "./seed.ts"

const songs = 100_000
const likes = 1_000_000
const connections = 50
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const rounds = 2
const pageSize = 20
const targetP99 = 25

const database = await scratchDatabase("timeline")
const port = await freePort()
const dataDir = await mkdtemp(join(tmpdir(), "melody-bench-timeline-"))
const base = `http://127.0.0.1:${port}`
console.log(
  `Timeline benchmark on ${database.source}: ${connections} connections, ${seconds} s rounds.`,
)

const server = await startServer({ databaseUrl: database.url, port, dataDir })
const db = new pg.Pool({ connectionString: database.url, max: connections })
const liker = new pg.Pool({ connectionString: database.url, max: 4 })

let t = now()
const written = await seedTimeline(db, songs, likes)
const register = await fetch(`${base}/api/register`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    username: "bench_listener",
    email: "listener@bench.test",
    password: "secret-password",
    name: "Bench Listener",
    acceptTerms: true,
  }),
})
const cookie = register.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ")
const viewer = ((await register.json()) as { user: { id: string } }).user.id
await likeTopSongs(db, viewer, 200)
await db.query("vacuum analyze timeline_songs, timeline_likes, timeline_creators")
console.log(
  `Seeded ${songs.toLocaleString("en-US")} public songs and ${(written + 200).toLocaleString("en-US")} likes in ${((now() - t) / 1000).toFixed(1)} s.`,
)

/** The first 50 pages, as people scrolling read them; or any page of the 5,000. */
const firstPages = () => pageSize * Math.floor(Math.random() * 50)
const anyPage = () => pageSize * Math.floor(Math.random() * (songs / pageSize))

/** The page's songs with their creators and whether the viewer liked them, in one statement. */
const bareQuery = `
  select s.song_id, s.owner_id, s.title, s.style, s.lyrics, s.image_key, s.source_image_url,
    s.duration_ms, s.is_public, s.generation_id, s.created_at, s.likes, c.username,
    exists (select 1 from timeline_likes l where l.song_id = s.song_id and l.user_id = $3) as liked
  from timeline_songs s left join timeline_creators c on c.user_id = s.owner_id
  where s.is_public order by s.likes desc, s.created_at desc, s.song_id desc limit $1 offset $2`

const pressure = { connections, seconds }
const load = (path: () => string, signedIn: boolean) =>
  measureLoad({ ...pressure, base, cookie: signedIn ? cookie : undefined }, path)
const timed = (read: () => Promise<unknown>) => measureTimed(pressure, read)

const overHttp = (offset: () => number, signedIn: boolean) =>
  load(() => `/api/songs/public?limit=${pageSize}&offset=${offset()}`, signedIn)

const overSql = (offset: () => number, signedIn: boolean) =>
  timed(() => db.query(bareQuery, [pageSize, offset(), signedIn ? viewer : ""]))

/**
 * Our own read of a page that is not kept, as the server makes it (ids cut from the order in memory, the
 * songs read by id), but without HTTP: what the database and its driver allow on this machine, on a pool
 * of the server's default size.
 */
const reads = ManagedRuntime.make(
  pgClientLayer({ url: Redacted.make(database.url), maxConnections: 10 }),
)
const readAlone = async (offset: () => number): Promise<Measured> => {
  const order = makeTimelineOrder()
  const whole = await reads.runPromise(readTimelineOrder)
  order.reset(whole.state, whole.placed)
  const songsInOrder = await reads.runPromise(songsInOrderReader)
  return timed(() => Effect.runPromise(songsInOrder(order.page(offset(), pageSize).songIds)))
}

/**
 * The target's scenarios: pages read while nothing changes, and while 100 likes a second arrive, each of
 * which moves the timeline's state (counts and order).
 */
const scenarios: ReadonlyArray<{
  readonly name: string
  readonly offset: () => number
  readonly signedIn: boolean
  readonly likesPerSecond?: number
}> = [
  { name: "first 50 pages, anonymous", offset: firstPages, signedIn: false },
  { name: "first 50 pages, signed in", offset: firstPages, signedIn: true },
  { name: "any of 5,000 pages, anonymous", offset: anyPage, signedIn: false },
  {
    name: "first 50 pages, 100 likes a second",
    offset: firstPages,
    signedIn: false,
    likesPerSecond: 100,
  },
  {
    name: "any of 5,000 pages, 100 likes a second",
    offset: anyPage,
    signedIn: false,
    likesPerSecond: 100,
  },
]

const ms = (n: number) => `${n.toFixed(1)} ms`
const rows: Array<Row> = []
t = now()
for (const scenario of scenarios) {
  const ours: Array<Measured> = []
  const bare: Array<Measured> = []
  const likingFrom = now()
  const stopLiking =
    scenario.likesPerSecond === undefined
      ? undefined
      : likeSteadily(liker, songs, scenario.likesPerSecond)
  // A short warm-up for both, then alternate rounds.
  await overHttp(scenario.offset, scenario.signedIn)
  await overSql(scenario.offset, scenario.signedIn)
  for (let round = 0; round < rounds; round++) {
    bare.push(await overSql(scenario.offset, scenario.signedIn))
    ours.push(await overHttp(scenario.offset, scenario.signedIn))
  }
  const liked = await stopLiking?.()
  if (liked !== undefined) {
    const rate = liked / ((now() - likingFrom) / 1000)
    console.log(`${scenario.name}: ${rate.toFixed(0)} likes a second arrived`)
  }
  const a = worst(ours)
  const b = worst(bare)
  const target = targetP99
  if (a.failures + b.failures > 0) {
    console.error(`${scenario.name}: ${a.failures} failed requests, ${b.failures} failed queries`)
  }
  rows.push(
    {
      scenario: `${scenario.name}: p99`,
      ours: ms(a.p99),
      baseline: ms(b.p99),
      ratio: b.p99 / a.p99,
      target: `< ${target} ms`,
      pass: a.p99 < target && a.failures === 0,
    },
    {
      scenario: `${scenario.name}: p50`,
      ours: ms(a.p50),
      baseline: ms(b.p50),
      ratio: b.p50 / a.p50,
      target: "",
      pass: undefined,
    },
    {
      scenario: `${scenario.name}: throughput`,
      ours: `${Math.round(a.perSecond).toLocaleString("en-US")} req/s`,
      baseline: `${Math.round(b.perSecond).toLocaleString("en-US")} q/s`,
      ratio: a.perSecond / b.perSecond,
      target: "",
      pass: undefined,
    },
  )
}

// What this machine's server answers at best: an endpoint that does no work at all, through the same stack.
const floor = worst([await load(() => "/api/site", false), await load(() => "/api/site", false)])
rows.push(
  {
    scenario: "floor, GET /api/site (no work): p99",
    ours: ms(floor.p99),
    baseline: "-",
    ratio: undefined,
    target: "",
    pass: undefined,
  },
  {
    scenario: "floor, GET /api/site (no work): throughput",
    ours: `${Math.round(floor.perSecond).toLocaleString("en-US")} req/s`,
    baseline: "-",
    ratio: undefined,
    target: "",
    pass: undefined,
  },
)

// The floor of a deep page that is not kept: its songs read by id alone, without the server.
const alone = worst([await readAlone(anyPage), await readAlone(anyPage)])
rows.push(
  {
    scenario: "any of 5,000 pages, our page read alone (no HTTP): p99",
    ours: ms(alone.p99),
    baseline: "-",
    ratio: undefined,
    target: "",
    pass: undefined,
  },
  {
    scenario: "any of 5,000 pages, our page read alone (no HTTP): throughput",
    ours: `${Math.round(alone.perSecond).toLocaleString("en-US")} reads/s`,
    baseline: "-",
    ratio: undefined,
    target: "",
    pass: undefined,
  },
)

printTable(
  `GET /api/songs/public (HTTP, JSON, session, snapshot paging) vs the bare page query; worst of ${rounds} rounds, ratio: higher is better for ours`,
  rows,
)
console.log(`Measured in ${((now() - t) / 1000).toFixed(0)} s.`)

await db.end()
await liker.end()
await reads.dispose()
await stop(server)
await database.drop()
await rm(dataDir, { recursive: true, force: true })
process.exit(rows.some((row) => row.pass === false) ? 1 : 0)
