import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { ReadAllOptions } from "./event-store.ts"
import type { Position } from "./position.ts"
import type { RecordedEvent } from "./recorded-event.ts"

interface EventRow {
  readonly global_position: string | number
  /** xid8 as text, under another name so that ORDER BY transaction_id still means the column. */
  readonly transaction_text: string
  readonly stream_id: string
  readonly stream_version: string | number
  readonly event_id: string
  readonly type: string
  readonly schema_version: number
  readonly data: unknown
  readonly metadata: unknown
  readonly recorded_at: Date
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  globalPosition: Number(row.global_position),
  transactionId: row.transaction_text,
  streamId: row.stream_id,
  streamVersion: Number(row.stream_version),
  eventId: row.event_id,
  type: row.type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: row.metadata,
  recordedAt: row.recorded_at,
})

const eventColumns = `global_position, transaction_id::text as transaction_text, stream_id, stream_version,
  event_id, type, schema_version, data, metadata, recorded_at`

/** The store's reads: one stream in version order, everything in the global order, and where it ends. */
export const makeEventReads = (sql: SqlClient.SqlClient) => {
  const readStream = (streamId: string, options?: { readonly fromVersion?: number }) =>
    sql
      .unsafe<EventRow>(
        `select ${eventColumns} from events where stream_id = $1 and stream_version >= $2 order by stream_version`,
        [streamId, options?.fromVersion ?? 1],
      )
      .pipe(
        Effect.map((rows) => rows.map(toRecorded)),
        Effect.orDie,
        Effect.withSpan("EventStore.readStream"),
      )

  const readAll = (after: Position, options: ReadAllOptions) =>
    sql
      .unsafe<EventRow>(
        `select global_position, transaction_id::text as transaction_text, stream_id, stream_version, event_id,
         type, schema_version,
         case when $4::text[] is null or type = any($4::text[]) then data end as data,
         case when $4::text[] is null or type = any($4::text[]) then metadata end as metadata,
         recorded_at
       from events
       where (transaction_id, global_position) > ($1::xid8, $2::bigint)
         and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       order by transaction_id, global_position
       limit $3`,
        [after.transactionId, after.globalPosition, options.limit, options.types ?? null],
      )
      .pipe(
        Effect.map((rows) => rows.map(toRecorded)),
        Effect.orDie,
        Effect.withSpan("EventStore.readAll"),
      )

  const lastPosition = (where: string) =>
    sql
      .unsafe<{ transaction_text: string; global_position: string }>(
        `select transaction_id::text as transaction_text, global_position from events ${where}
       order by transaction_id desc, global_position desc limit 1`,
      )
      .pipe(
        Effect.map(
          ([row]): Position =>
            row
              ? { transactionId: row.transaction_text, globalPosition: Number(row.global_position) }
              : { transactionId: "0", globalPosition: 0 },
        ),
        Effect.orDie,
      )
  const head = lastPosition("where transaction_id < pg_snapshot_xmin(pg_current_snapshot())")
  const lastCommitted = lastPosition("")

  return { readStream, readAll, head, lastCommitted }
}
