/**
 * npm run bench:talk
 *
 * Issue 41's benchmark: at the community benchmark's scale (bench/timeline's world) plus 500,000 comments,
 * a song page with its first 50 comments and the notification count each under 25 ms p99 with 50
 * connections, and the moderation queue with 10,000 open reports under 100 ms. Comments, follows, likes
 * and reports are appended through the event store and read by the running server's projections, as
 * people's would be. BENCH_SECONDS sets a round's length, BENCH_SCALE the world's and the talk's size.
 */
import { machineFacts } from "../support/machine.ts"
import { now, printTable, type Row } from "../support/report.ts"
import { floorRows, measureFloor } from "../timeline/floor.ts"
import { openScratchServer } from "../timeline/scratch-server.ts"
import { seedWorld } from "../timeline/world.ts"
import { measureTalk } from "./talk-scenarios.ts"
import { seedTalk } from "./talk-world.ts"

const connections = 50
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const pressure = { connections, seconds }

const bench = await openScratchServer("talk", connections)
const { base, db, databaseUrl } = bench
console.log(
  `Community talk benchmark on ${bench.source}: ${connections} connections, ${seconds} s rounds, ${machineFacts()}.`,
)

let t = now()
const world = await seedWorld(db, { base, databaseUrl, listeners: 20 })
console.log(`Seeded the community in ${((now() - t) / 1000).toFixed(1)} s.`)
t = now()
const talk = await seedTalk(db, { base, databaseUrl, world })
console.log(`Seeded the talk in ${((now() - t) / 1000).toFixed(1)} s.`)

t = now()
const before = machineFacts()
const floor = await measureFloor(base, pressure)
const talkRows = await measureTalk({ base, talk, pressure, floor })
const machineRow = (when: string, facts: string): Row => ({
  scenario: `machine, ${when}`,
  ours: facts,
  baseline: "-",
  ratio: undefined,
  target: "",
  pass: undefined,
})
printTable(
  "The community's talk over HTTP (song pages' comments, the notification count, the moderation queue) vs the server's floor (a request that does no work) in the same run; worst of 2 rounds",
  [
    ...talkRows,
    ...floorRows(floor),
    machineRow("as measuring began", before),
    machineRow("as it ended", machineFacts()),
  ],
)
console.log(`Measured in ${((now() - t) / 1000).toFixed(0)} s.`)

await bench.close()
process.exit(talkRows.some((row) => row.pass === false) ? 1 : 0)
