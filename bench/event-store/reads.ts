import { Effect } from "effect"
import { eventCounts } from "#projections/event-counts.ts"
import { rebuildProjection } from "#projections/runner.ts"
import { now, perSecond, type Row } from "../support/report.ts"
import { newEvent, rawRow } from "./fixtures.ts"
import { interleave } from "./ratios.ts"
import type { Bench } from "./setup.ts"

export const longStreamRead = async ({ run, store, raw }: Bench): Promise<Row> => {
  const stream = "long-stream"
  for (let c = 0; c < 10; c++)
    await run(
      store.append(
        stream,
        "any",
        Array.from({ length: 100 }, (_, i) => newEvent(i)),
      ),
    )
  await raw.insertMany(
    stream,
    Array.from({ length: 1000 }, (_, i) => rawRow(i)),
  )
  const reads = 40
  const ms = await interleave(
    reads,
    async () => {
      await run(store.readStream(stream))
    },
    async () => {
      await raw.readStream(stream)
    },
  )
  return {
    scenario: "read a 1,000-event stream",
    ours: `${(ms.oursMs / reads).toFixed(1)} ms per read`,
    baseline: `${(ms.baselineMs / reads).toFixed(1)} ms per read`,
    ratio: ms.baselineMs / ms.oursMs,
    target: "-",
    pass: undefined,
  }
}

export const projectionRebuild = async ({ run, store, raw }: Bench): Promise<Row> => {
  const target = 100_000
  const existing = await run(Effect.map(store.head, (h) => h.globalPosition))
  for (let seeded = existing; seeded < target; seeded += 1000) {
    await run(
      store.append(
        `seed-${seeded}`,
        "no_stream",
        Array.from({ length: 1000 }, (_, i) => newEvent(i)),
      ),
    )
  }
  const total = Number((await raw.pool.query("select count(*) from events")).rows[0].count)
  let t = now()
  const read = await raw.readEventsPaged(1000)
  const baselineMs = now() - t
  t = now()
  await run(rebuildProjection(eventCounts))
  const oursMs = now() - t
  const counted = Number(
    (await raw.pool.query("select sum(events) as n from event_type_counts")).rows[0].n,
  )
  const rate = (total / oursMs) * 1000
  return {
    scenario: `rebuild a projection over ${total.toLocaleString("en-US")} events`,
    ours: `${perSecond(total, oursMs, "events")} (${(oursMs / 1000).toFixed(2)} s, ${counted === total ? "all counted" : `COUNTED ${counted}`})`,
    baseline: `${perSecond(read, baselineMs, "rows")} (raw paged read)`,
    ratio: baselineMs / oursMs,
    target: ">= 100,000 events/s",
    pass: rate >= 100_000 && counted === total,
  }
}
