/**
 * npm run bench:events
 *
 * The event store against raw PostgreSQL inserts of the same rows, measured in the same run on the same
 * database, interleaved round by round so that a busy neighbour slows both sides alike.
 */
import { Effect } from "effect"
import { eventStoreMigrations, runMigrations } from "#events/store/index.ts"
import { eventCounts } from "#projections/event-counts.ts"
import { prepareProjections, projectionMigrations } from "#projections/runner.ts"
import { printTable, type Row } from "../support/report.ts"
import {
  batchAppends,
  concurrentWriters,
  contendedStream,
  sequentialAppends,
  warmUp,
} from "./appends.ts"
import { payload } from "./fixtures.ts"
import { longStreamRead, projectionRebuild } from "./reads.ts"
import { openBench } from "./setup.ts"

const bench = await openBench()
console.log(
  `Event store benchmark on ${bench.database.source}; payload ${JSON.stringify(payload(1)).length} bytes of JSON.`,
)
await bench.run(
  Effect.gen(function* () {
    yield* runMigrations("event_store", eventStoreMigrations)
    yield* runMigrations("projections", projectionMigrations)
    yield* prepareProjections([eventCounts])
  }),
)

await warmUp(bench)
const rows: Array<Row> = []
for (const scenario of [
  sequentialAppends,
  batchAppends,
  concurrentWriters,
  contendedStream,
  longStreamRead,
  projectionRebuild,
]) {
  rows.push(await scenario(bench))
}

printTable("Event store vs raw PostgreSQL (higher ratio is better; 1.00x = as fast as raw)", rows)

await bench.close()
process.exit(rows.every((r) => r.pass !== false) ? 0 : 1)
