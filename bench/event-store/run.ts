/**
 * npm run bench:events
 *
 * The event store against raw PostgreSQL inserts of the same rows, measured in the same run on the same
 * database, interleaved round by round so that a busy neighbour slows both sides alike.
 */
import { Effect, Either, Layer, ManagedRuntime, Redacted } from "effect"
import { v7 as uuidv7 } from "uuid"
import { Actors } from "#events/contracts/actor.ts"
import {
  EventStore,
  EventStoreLive,
  EventWakeups,
  eventStoreMigrations,
  type NewEvent,
  runMigrations,
  SubscriptionLeases,
} from "#events/store/index.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { eventCounts } from "#projections/event-counts.ts"
import { prepareProjections, projectionMigrations, rebuildProjection } from "#projections/runner.ts"
import { now, percentile, perSecond, printTable, type Row } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { makeRaw } from "./raw.ts"

const payload = (i: number) => {
  const data = {
    _tag: "SongSaved",
    songId: uuidv7(),
    userId: "0193c1d2-7e4f-7a10-9b3c-5d6e7f809a1b",
    title: `Midnight Drive (Version ${(i % 2) + 1})`,
    style: "synthwave, female vocals, analog synth, driving bass, 110 bpm",
    duration: 184_000 + i,
    isPublic: false,
    audioUrl: "/media/songs/0193c1d2-7e4f-7a10-9b3c-5d6e7f809a1b.mp3",
  }
  return data
}
const metadata = {
  actor: Actors.user("0193c1d2-7e4f-7a10-9b3c-5d6e7f809a1b"),
  correlationId: uuidv7(),
  requestId: uuidv7(),
}
const newEvent = (i: number): NewEvent => ({
  eventId: uuidv7(),
  type: "SongSaved",
  schemaVersion: 1,
  data: payload(i),
  metadata,
})
const rawRow = (i: number) => ({
  eventId: uuidv7(),
  type: "SongSaved",
  data: JSON.stringify(payload(i)),
  metadata: JSON.stringify(metadata),
})

const database = await scratchDatabase("events")
console.log(
  `Event store benchmark on ${database.source}; payload ${JSON.stringify(payload(1)).length} bytes of JSON.`,
)

const layer = Layer.mergeAll(
  EventStoreLive.pipe(Layer.provideMerge(EventWakeups.live)),
  SubscriptionLeases.live,
).pipe(
  Layer.provideMerge(
    pgClientLayer({
      url: Redacted.make(database.url),
      maxConnections: 20,
      applicationName: "bench",
    }),
  ),
)
const runtime = ManagedRuntime.make(layer)
const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof layer>>) =>
  runtime.runPromise(effect)
await run(
  Effect.gen(function* () {
    yield* runMigrations("event_store", eventStoreMigrations)
    yield* runMigrations("projections", projectionMigrations)
    yield* prepareProjections([eventCounts])
  }),
)
const store = await run(EventStore)
const raw = await makeRaw(database.url, 20)

/**
 * Alternates the two sides round by round, after one unmeasured warm-up round of each (JIT, plan caches,
 * pool connections); answers the total milliseconds of each.
 */
const interleave = async (
  rounds: number,
  ours: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
) => {
  await baseline()
  await ours()
  let oursMs = 0
  let baselineMs = 0
  for (let round = 0; round < rounds; round++) {
    let t = now()
    await baseline()
    baselineMs += now() - t
    t = now()
    await ours()
    oursMs += now() - t
  }
  return { oursMs, baselineMs }
}

const rows: Array<Row> = []
const ratioRow = (
  scenario: string,
  count: number,
  unit: string,
  ms: { oursMs: number; baselineMs: number },
  min: number | undefined,
): Row => {
  const ratio = ms.baselineMs / ms.oursMs
  return {
    scenario,
    ours: perSecond(count, ms.oursMs, unit),
    baseline: perSecond(count, ms.baselineMs, "rows"),
    ratio,
    target: min === undefined ? "-" : `>= ${min}x raw`,
    pass: min === undefined ? undefined : ratio >= min,
  }
}

// warm both paths (connections, plans, caches)
for (let i = 0; i < 200; i++) {
  await run(store.append(`warm-${i}`, "no_stream", [newEvent(i)]))
  await raw.insertOne(`warm-${i}`, 1, uuidv7(), "SongSaved", rawRow(i).data, rawRow(i).metadata)
}

{
  const perRound = 400
  const rounds = 5
  let n = 0
  const ms = await interleave(
    rounds,
    // Our side runs inside one Effect program, as the store always does in the app.
    () =>
      run(
        Effect.forEach(
          Array.from({ length: perRound }, (_, i) => i),
          (i) => store.append(`seq-${n++}`, "no_stream", [newEvent(i)]),
          { discard: true },
        ),
      ),
    async () => {
      for (let i = 0; i < perRound; i++) {
        const r = rawRow(i)
        await raw.insertOne(`seq-${n++}`, 1, r.eventId, r.type, r.data, r.metadata)
      }
    },
  )
  rows.push(ratioRow("sequential single-event appends", perRound * rounds, "events", ms, 0.8))
}

{
  const calls = 20
  const rounds = 5
  let n = 0
  const ms = await interleave(
    rounds,
    async () => {
      await run(
        Effect.forEach(
          Array.from({ length: calls }, (_, c) => c),
          () =>
            store.append(
              `batch-${n++}`,
              "no_stream",
              Array.from({ length: 100 }, (_, i) => newEvent(i)),
            ),
          { discard: true },
        ),
      )
    },
    async () => {
      for (let c = 0; c < calls; c++) {
        await raw.insertMany(
          `batch-${n++}`,
          Array.from({ length: 100 }, (_, i) => rawRow(i)),
        )
      }
    },
  )
  rows.push(ratioRow("100-event appends", calls * 100 * rounds, "events", ms, 0.9))
}

const oursLatencies: Array<number> = []
const rawLatencies: Array<number> = []
{
  const writers = 16
  const perWriter = 100
  const rounds = 4
  let n = 0
  const ms = await interleave(
    rounds,
    () =>
      run(
        Effect.all(
          Array.from({ length: writers }, (_, w) => {
            const stream = `writer-${w}-${n++}`
            return Effect.forEach(
              Array.from({ length: perWriter }, (_, i) => i),
              (i) =>
                Effect.suspend(() => {
                  const t = now()
                  return Effect.map(store.append(stream, i, [newEvent(i)]), () =>
                    oursLatencies.push(now() - t),
                  )
                }),
              { discard: true },
            )
          }),
          { concurrency: "unbounded", discard: true },
        ),
      ),
    async () => {
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const stream = `writer-${w}-${n++}`
          for (let i = 0; i < perWriter; i++) {
            const r = rawRow(i)
            const t = now()
            await raw.insertOne(stream, i + 1, r.eventId, r.type, r.data, r.metadata)
            rawLatencies.push(now() - t)
          }
        }),
      )
    },
  )
  const row = ratioRow(
    "16 concurrent writers, own streams",
    writers * perWriter * rounds,
    "events",
    ms,
    0.8,
  )
  rows.push({
    ...row,
    ours: `${row.ours} (p50 ${percentile(oursLatencies, 50).toFixed(1)} / p99 ${percentile(oursLatencies, 99).toFixed(1)} ms)`,
    baseline: `${row.baseline} (p50 ${percentile(rawLatencies, 50).toFixed(1)} / p99 ${percentile(rawLatencies, 99).toFixed(1)} ms)`,
  })
}

{
  const writers = 16
  const perWriter = 25
  const stream = "contended"
  let attempts = 0
  let conflicts = 0
  const t = now()
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let i = 0; i < perWriter; i++) {
        for (;;) {
          attempts++
          const version = await run(store.streamVersion(stream))
          const outcome = await run(Effect.either(store.append(stream, version, [newEvent(i)])))
          if (Either.isRight(outcome)) break
          conflicts++
        }
      }
    }),
  )
  const ms = now() - t
  const stored = await run(store.readStream(stream))
  const contiguous =
    stored.every((e, i) => e.streamVersion === i + 1) && stored.length === writers * perWriter
  rows.push({
    scenario: "16 writers on one stream, exact versions",
    ours: `${perSecond(writers * perWriter, ms, "appends")} (${((conflicts / attempts) * 100).toFixed(0)}% of ${attempts} attempts conflicted)`,
    baseline: "-",
    ratio: undefined,
    target: "no gap, no duplicate",
    pass: contiguous,
  })
}

{
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
  rows.push({
    scenario: "read a 1,000-event stream",
    ours: `${(ms.oursMs / reads).toFixed(1)} ms per read`,
    baseline: `${(ms.baselineMs / reads).toFixed(1)} ms per read`,
    ratio: ms.baselineMs / ms.oursMs,
    target: "-",
    pass: undefined,
  })
}

{
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
  rows.push({
    scenario: `rebuild a projection over ${total.toLocaleString("en-US")} events`,
    ours: `${perSecond(total, oursMs, "events")} (${(oursMs / 1000).toFixed(2)} s, ${counted === total ? "all counted" : `COUNTED ${counted}`})`,
    baseline: `${perSecond(read, baselineMs, "rows")} (raw paged read)`,
    ratio: baselineMs / oursMs,
    target: ">= 50,000 events/s",
    pass: rate >= 50_000 && counted === total,
  })
}

printTable("Event store vs raw PostgreSQL (higher ratio is better; 1.00x = as fast as raw)", rows)

await raw.end()
await runtime.dispose()
await database.drop()
process.exit(rows.every((r) => r.pass !== false) ? 0 : 1)
