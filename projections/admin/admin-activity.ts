import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { decodeAll } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"
import type { Projection } from "../runner.ts"
import { type Activity, ActivityEvent, activityEventTypes, activityOf } from "./activity-of.ts"
import { type AdminListQuery, readAdminPage } from "./admin-filters.ts"

/** What people do, from every module's events, as the spec's user_interactions for the admin dashboard. */

const decode = decodeAll(ActivityEvent)

export const adminActivity: Projection = {
  name: "admin-activity",
  revision: 3,
  tables: ["admin_activity"],
  types: activityEventTypes,
  onPoison: "skip",
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table if not exists admin_activity (
        id text primary key,
        user_id text not null,
        type text not null,
        details jsonb not null,
        created_at timestamptz not null,
        stream_id text not null,
        global_position bigint not null
      )`
    yield* sql`create index if not exists admin_activity_newest on admin_activity (global_position desc)`
    yield* sql`create index if not exists admin_activity_by_user on admin_activity (user_id, global_position desc)`
    yield* sql`create index if not exists admin_activity_by_type on admin_activity (type, global_position desc)`
  }),
  apply: (events) =>
    Effect.gen(function* () {
      const decoded = yield* decode(events)
      const rows = decoded.map((recorded) => ({ recorded, activity: activityOf(recorded.event) }))
      if (rows.length === 0) return
      yield* insertRows(
        "admin_activity",
        [
          ["id", "text", (r) => r.recorded.eventId],
          ["user_id", "text", (r) => r.activity.userId],
          ["type", "text", (r) => r.activity.type],
          ["details", "jsonb", (r) => JSON.stringify(r.activity.details)],
          ["created_at", "timestamptz", (r) => r.recorded.recordedAt],
          ["stream_id", "text", (r) => r.recorded.streamId],
          ["global_position", "bigint", (r) => r.recorded.globalPosition],
        ],
        rows,
        "on conflict (id) do nothing",
      )
    }),
}

export interface ActivityRow extends Activity {
  readonly id: string
  readonly streamId: string
  readonly createdAt: Date
}

export const readActivities = (query: AdminListQuery) =>
  Effect.map(
    readAdminPage<{
      id: string
      user_id: string
      type: string
      details: Record<string, unknown>
      created_at: Date
      stream_id: string
    }>("admin_activity", "id, user_id, type, details, created_at, stream_id", "type", query),
    ({ rows, total }) => ({
      total,
      rows: rows.map(
        (row): ActivityRow => ({
          id: row.id,
          userId: row.user_id,
          type: row.type,
          details: row.details,
          createdAt: row.created_at,
          streamId: row.stream_id,
        }),
      ),
    }),
  )

/** People whose username contains `query`, from their registrations: how admins find someone's ledger. */
export const findRegisteredUsers = (query: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const rows = yield* sql<{ user_id: string; username: string; created_at: Date }>`
      select user_id, details->>'username' as username, created_at from admin_activity
       where type = 'register' and details->>'username' ilike ${pattern}
       order by lower(details->>'username') limit 20`
    return rows.map((row) => ({
      userId: row.user_id,
      username: row.username,
      registeredAt: row.created_at,
    }))
  }).pipe(Effect.orDie)
