import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { UserRegistered } from "#events/contracts/identity.ts"
import { ReportFiled } from "#events/contracts/moderation.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"
import type { Projection } from "../runner.ts"

const decode = decodeAll(Schema.Union(ReportFiled, UserRegistered))

/** The reports admins decide on, each as filed, with people's usernames to name reporters and authors. */
export const moderation: Projection = {
  name: "moderation",
  revision: 1,
  tables: ["moderation_reports", "moderation_people"],
  types: ["ReportFiled", "UserRegistered"],
  onPoison: "skip",
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table if not exists moderation_reports (
        report_id text primary key,
        reporter_id text not null,
        kind text not null,
        item_id text not null,
        author_id text not null,
        reason text not null,
        details text not null,
        seen text not null,
        filed_at timestamptz not null
      )`
    yield* sql`
      create index if not exists moderation_reports_by_item on moderation_reports (kind, item_id)`
    yield* sql`
      create table if not exists moderation_people (user_id text primary key, username text not null)`
  }),
  apply: (events: ReadonlyArray<RecordedEvent>) =>
    Effect.gen(function* () {
      const history = yield* decode(events)
      const reports = history.flatMap(({ event, recordedAt }) =>
        event._tag === "ReportFiled" ? [{ event, recordedAt }] : [],
      )
      yield* insertRows(
        "moderation_reports",
        [
          ["report_id", "text", (r) => r.event.reportId],
          ["reporter_id", "text", (r) => r.event.reporterId],
          ["kind", "text", (r) => r.event.kind],
          ["item_id", "text", (r) => r.event.itemId],
          ["author_id", "text", (r) => r.event.authorId],
          ["reason", "text", (r) => r.event.reason],
          ["details", "text", (r) => r.event.details],
          ["seen", "text", (r) => r.event.seen],
          ["filed_at", "timestamptz", (r) => r.recordedAt],
        ],
        reports,
        "on conflict (report_id) do nothing",
      )
      yield* insertRows(
        "moderation_people",
        [
          ["user_id", "text", (r) => r.userId],
          ["username", "text", (r) => r.username],
        ],
        history.flatMap(({ event }) => (event._tag === "UserRegistered" ? [event] : [])),
        "on conflict (user_id) do nothing",
      )
    }),
}
