import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { RecordedEvent } from "#events/store/index.ts"
import { insertRows } from "./insert-rows.ts"
import type { Projection } from "./runner.ts"

/** How many events of each type exist and when the last one happened: the store at a glance, for operators. */
export const eventCounts: Projection = {
  name: "event-counts",
  revision: 1,
  tables: ["event_type_counts"],
  onPoison: "skip",
  setup: Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      create table if not exists event_type_counts (
        type text primary key,
        events bigint not null,
        last_recorded_at timestamptz not null
      )`,
  ),
  apply: (events: ReadonlyArray<RecordedEvent>) =>
    Effect.gen(function* () {
      const byType = new Map<string, { events: number; last: Date }>()
      for (const event of events) {
        const entry = byType.get(event.type) ?? { events: 0, last: event.recordedAt }
        entry.events += 1
        if (event.recordedAt > entry.last) entry.last = event.recordedAt
        byType.set(event.type, entry)
      }
      yield* insertRows(
        "event_type_counts",
        [
          ["type", "text", ([type]) => type],
          ["events", "bigint", ([, counted]) => counted.events],
          ["last_recorded_at", "timestamptz", ([, counted]) => counted.last],
        ],
        [...byType],
        `on conflict (type) do update set
           events = event_type_counts.events + excluded.events,
           last_recorded_at = greatest(event_type_counts.last_recorded_at, excluded.last_recorded_at)`,
      )
    }),
}

export interface EventCount {
  readonly type: string
  readonly events: number
  readonly lastRecordedAt: Date
}

export const readEventCounts = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ type: string; events: number; last_recorded_at: Date }>`
    select type, events, last_recorded_at from event_type_counts order by events desc, type`
  return rows.map(
    (r): EventCount => ({
      type: r.type,
      events: Number(r.events),
      lastRecordedAt: r.last_recorded_at,
    }),
  )
}).pipe(Effect.orDie)
