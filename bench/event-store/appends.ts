import { Effect, Either } from "effect"
import { v7 as uuidv7 } from "uuid"
import { now, percentile, perSecond, type Row } from "../support/report.ts"
import { newEvent, rawRow } from "./fixtures.ts"
import { interleave, ratioRow } from "./ratios.ts"
import type { Bench } from "./setup.ts"

/** Warms both paths (connections, plans, caches). */
export const warmUp = async ({ run, store, raw }: Bench) => {
  for (let i = 0; i < 200; i++) {
    await run(store.append(`warm-${i}`, "no_stream", [newEvent(i)]))
    await raw.insertOne(`warm-${i}`, 1, uuidv7(), "SongSaved", rawRow(i).data, rawRow(i).metadata)
  }
}

export const sequentialAppends = async ({ run, store, raw }: Bench): Promise<Row> => {
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
  return ratioRow("sequential single-event appends", perRound * rounds, "events", ms, 0.8)
}

export const batchAppends = async ({ run, store, raw }: Bench): Promise<Row> => {
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
  return ratioRow("100-event appends", calls * 100 * rounds, "events", ms, 0.9)
}

export const concurrentWriters = async ({ run, store, raw }: Bench): Promise<Row> => {
  const oursLatencies: Array<number> = []
  const rawLatencies: Array<number> = []
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
  return {
    ...row,
    ours: `${row.ours} (p50 ${percentile(oursLatencies, 50).toFixed(1)} / p99 ${percentile(oursLatencies, 99).toFixed(1)} ms)`,
    baseline: `${row.baseline} (p50 ${percentile(rawLatencies, 50).toFixed(1)} / p99 ${percentile(rawLatencies, 99).toFixed(1)} ms)`,
  }
}

export const contendedStream = async ({ run, store }: Bench): Promise<Row> => {
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
  return {
    scenario: "16 writers on one stream, exact versions",
    ours: `${perSecond(writers * perWriter, ms, "appends")} (${((conflicts / attempts) * 100).toFixed(0)}% of ${attempts} attempts conflicted)`,
    baseline: "-",
    ratio: undefined,
    target: "no gap, no duplicate",
    pass: contiguous,
  }
}
