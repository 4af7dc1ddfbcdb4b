import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { freePort } from "#events/test-postgres.ts"
import { now, printTable, type Row } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"
import { measureCommunity } from "./community-scenarios.ts"
import { load, worst } from "./measure.ts"
import { measureTimeline } from "./timeline-scenarios.ts"
import { seedWorld, size } from "./world.ts"

const connections = 50
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const pressure = { connections, seconds }

const database = await scratchDatabase("timeline")
const port = await freePort()
const dataDir = await mkdtemp(join(tmpdir(), "melody-bench-timeline-"))
const base = `http://127.0.0.1:${port}`
console.log(
  `Timeline and community benchmark on ${database.source}: ${connections} connections, ${seconds} s rounds.`,
)

// Registrations come from one address here, more than one address makes in use; plays come through a
// proxy on this machine that names each visitor's address.
const server = await startServer({
  databaseUrl: database.url,
  port,
  dataDir,
  env: { REGISTRATIONS_PER_ADDRESS: "1000", TRUST_PROXY: "127.0.0.1" },
})
const db = new pg.Pool({ connectionString: database.url, max: connections })
const liker = new pg.Pool({ connectionString: database.url, max: 4 })

let t = now()
const world = await seedWorld(db, { base, databaseUrl: database.url, listeners: 20 })
console.log(`Seeded in ${((now() - t) / 1000).toFixed(1)} s.`)

t = now()
// What this machine's server answers at best: an endpoint that does no work at all, through the same stack.
const floor = worst([
  await load({ ...pressure, base, cookie: undefined }, () => "/api/site"),
  await load({ ...pressure, base, cookie: undefined }, () => "/api/site"),
])
const ms = (n: number) => `${n.toFixed(1)} ms`
const floorRows: ReadonlyArray<Row> = [
  {
    scenario: "floor, GET /api/site (no work): p99 (p50)",
    ours: `${ms(floor.p99)} (${ms(floor.p50)})`,
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
]

const timelineRows = await measureTimeline({
  db,
  liker,
  databaseUrl: database.url,
  base,
  songs: size.songs,
  listener: world.listeners[0]!,
  pressure,
})
printTable(
  "GET /api/songs/public (HTTP, JSON, session, snapshot paging) vs the bare page query; worst of 2 rounds, ratio: higher is better for ours",
  [...timelineRows, ...floorRows],
)
const communityRows = await measureCommunity({ db, base, world, pressure, floor })
printTable(
  "The community's reads over HTTP, quiet and while plays and likes arrive, vs the server's floor (a request that does no work) in the same run; worst of 2 rounds",
  communityRows,
)
console.log(`Measured in ${((now() - t) / 1000).toFixed(0)} s.`)

await db.end()
await liker.end()
await stop(server)
await database.drop()
await rm(dataDir, { recursive: true, force: true })
process.exit([...timelineRows, ...communityRows].some((row) => row.pass === false) ? 1 : 0)
