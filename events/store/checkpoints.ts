import { SqlClient } from "@effect/sql"
import { Clock, Effect } from "effect"
import type { Position } from "./position.ts"
import type { RecordedEvent } from "./recorded-event.ts"

export type SubscriptionStatus = "running" | "paused"

export interface Checkpoint {
  readonly position: Position
  readonly status: SubscriptionStatus
}

export interface SubscriptionReport extends Checkpoint {
  readonly name: string
  /** Committed events after the checkpoint (counted up to 100,000). */
  readonly behind: number
  /** How long the oldest unprocessed event has been waiting, 0 when caught up. */
  readonly lagMs: number
  readonly lastError: string | null
  readonly lastErrorAt: Date | null
  readonly deadLetters: number
  readonly updatedAt: Date
}

interface CheckpointRow {
  readonly transaction_text: string
  readonly global_position: number | string
  readonly status: SubscriptionStatus
}

const toCheckpoint = (row: CheckpointRow): Checkpoint => ({
  position: { transactionId: row.transaction_text, globalPosition: Number(row.global_position) },
  status: row.status,
})

/** The `subscriptions` and `dead_letters` tables: where each subscription is, and what it could not process. */
export const makeCheckpoints = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const run = <A extends object>(text: string, params: ReadonlyArray<unknown>) =>
    sql.unsafe<A>(text, params)

  const select = `select transaction_id::text as transaction_text, global_position, status
                  from subscriptions where name = $1`

  const ensure = (name: string) =>
    run("insert into subscriptions (name) values ($1) on conflict (name) do nothing", [name])

  const load = (name: string) =>
    Effect.map(run<CheckpointRow>(select, [name]), ([row]) =>
      row
        ? toCheckpoint(row)
        : { position: { transactionId: "0", globalPosition: 0 }, status: "running" as const },
    )

  /** Locks the row for the rest of the transaction; another process moving it meanwhile is seen here. */
  const lock = (name: string) =>
    Effect.map(run<CheckpointRow>(`${select} for update`, [name]), ([row]) =>
      row ? toCheckpoint(row) : undefined,
    )

  const advance = (name: string, to: Position) =>
    run(
      `update subscriptions set transaction_id = $2::xid8, global_position = $3, updated_at = now(),
         last_error = null, last_error_at = null
       where name = $1`,
      [name, to.transactionId, to.globalPosition],
    )

  const recordError = (name: string, error: string) =>
    run("update subscriptions set last_error = $2, last_error_at = now() where name = $1", [
      name,
      error,
    ])

  const deadLetter = (
    name: string,
    event: RecordedEvent,
    error: string,
    attempts: number,
    action: "paused" | "skipped",
  ) =>
    run(
      `insert into dead_letters
         (subscription, event_id, stream_id, event_type, global_position, transaction_id, error, attempts, action)
       values ($1, $2, $3, $4, $5, $6::xid8, $7, $8, $9)
       on conflict (subscription, event_id) do update
         set error = excluded.error, attempts = dead_letters.attempts + excluded.attempts,
             action = excluded.action, recorded_at = now()`,
      [
        name,
        event.eventId,
        event.streamId,
        event.type,
        event.globalPosition,
        event.transactionId,
        error,
        attempts,
        action,
      ],
    )

  const pause = (name: string, error: string) =>
    run(
      `update subscriptions set status = 'paused', last_error = $2, last_error_at = now(), updated_at = now()
       where name = $1`,
      [name, error],
    )

  const resume = (name: string) =>
    run("update subscriptions set status = 'running', updated_at = now() where name = $1", [name])

  /** Back to the beginning: the subscription will process every event again. */
  const reset = (name: string) =>
    Effect.zipRight(
      run(
        `update subscriptions set transaction_id = '0', global_position = 0, status = 'running',
           last_error = null, last_error_at = null, updated_at = now()
         where name = $1`,
        [name],
      ),
      run("delete from dead_letters where subscription = $1", [name]),
    )

  const report = (name: string) =>
    Effect.zipWith(
      run<{
        transaction_text: string
        global_position: number
        status: SubscriptionStatus
        last_error: string | null
        last_error_at: Date | null
        updated_at: Date
        dead_letters: number
        behind: number
        oldest_waiting: Date | null
      }>(
        `select s.transaction_id::text as transaction_text, s.global_position, s.status, s.last_error,
           s.last_error_at, s.updated_at,
           (select count(*) from dead_letters d where d.subscription = $1) as dead_letters,
           (select count(*) from (
              select 1 from events e
              where (e.transaction_id, e.global_position) > (s.transaction_id, s.global_position)
                and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              limit 100000) waiting) as behind,
           (select e.recorded_at from events e
              where (e.transaction_id, e.global_position) > (s.transaction_id, s.global_position)
                and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              order by e.transaction_id, e.global_position limit 1) as oldest_waiting
         from (select $1::text as name) asked
         -- A subscription no process has started yet is as far as the store's start.
         left join lateral (
           select coalesce(found.transaction_id, '0'::xid8) as transaction_id,
                  coalesce(found.global_position, 0) as global_position,
                  coalesce(found.status, 'running') as status, found.last_error, found.last_error_at,
                  coalesce(found.updated_at, 'epoch'::timestamptz) as updated_at
             from (select 1) one left join subscriptions found on found.name = asked.name
         ) s on true`,
        [name],
      ),
      Clock.currentTimeMillis,
      ([row], now): SubscriptionReport | undefined =>
        row && {
          name,
          ...toCheckpoint(row),
          behind: Number(row.behind),
          lagMs: row.oldest_waiting ? Math.max(0, now - row.oldest_waiting.getTime()) : 0,
          lastError: row.last_error,
          lastErrorAt: row.last_error_at,
          deadLetters: Number(row.dead_letters),
          updatedAt: row.updated_at,
        },
    )

  return { ensure, load, lock, advance, recordError, deadLetter, pause, resume, reset, report }
})

export type Checkpoints = Effect.Effect.Success<typeof makeCheckpoints>
