import pg from "pg"
import { now, printTable } from "../support/report.ts"
import { measureCommunity } from "./community-scenarios.ts"
import { floorRows, measureFloor } from "./floor.ts"
import { openScratchServer } from "./scratch-server.ts"
import { measureTimeline } from "./timeline-scenarios.ts"
import { seedWorld, size } from "./world.ts"

const connections = 50
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const pressure = { connections, seconds }

const bench = await openScratchServer("timeline", connections)
const { base, db, databaseUrl } = bench
console.log(
  `Timeline and community benchmark on ${bench.source}: ${connections} connections, ${seconds} s rounds.`,
)
const liker = new pg.Pool({ connectionString: databaseUrl, max: 4 })

let t = now()
const world = await seedWorld(db, { base, databaseUrl, listeners: 20 })
console.log(`Seeded in ${((now() - t) / 1000).toFixed(1)} s.`)

t = now()
const floor = await measureFloor(base, pressure)

const timelineRows = await measureTimeline({
  db,
  liker,
  databaseUrl,
  base,
  songs: size.songs,
  listener: world.listeners[0]!,
  pressure,
})
printTable(
  "GET /api/songs/public (HTTP, JSON, session, snapshot paging) vs the bare page query; worst of 2 rounds, ratio: higher is better for ours",
  [...timelineRows, ...floorRows(floor)],
)
const communityRows = await measureCommunity({ db, base, world, pressure, floor })
printTable(
  "The community's reads over HTTP, quiet and while plays and likes arrive, vs the server's floor (a request that does no work) in the same run; worst of 2 rounds",
  communityRows,
)
console.log(`Measured in ${((now() - t) / 1000).toFixed(0)} s.`)

await liker.end()
await bench.close()
process.exit([...timelineRows, ...communityRows].some((row) => row.pass === false) ? 1 : 0)
