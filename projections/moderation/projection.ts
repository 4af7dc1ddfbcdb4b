import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { UserRegistered } from "#events/contracts/identity.ts"
import { CaseEvent, SuspensionEvent } from "#events/contracts/moderation.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"
import type { Projection } from "../runner.ts"
import { writeCase } from "./case-rows.ts"
import { countOpenItems, createOpenItems } from "./open-items.ts"

const decode = decodeAll(Schema.Union(CaseEvent, SuspensionEvent, UserRegistered))

/**
 * What admins decide on: reports as filed and how each was decided, what is hidden and by whom, appeals
 * waiting for another admin, suspensions standing, people's usernames to name reporters and authors, and
 * the queue's items (open-items.ts).
 */
export const moderation: Projection = {
  name: "moderation",
  revision: 3,
  tables: [
    "moderation_reports",
    "moderation_appeals",
    "moderation_hidden",
    "moderation_suspensions",
    "moderation_people",
    "moderation_open_items",
  ],
  types: [
    ...CaseEvent.members.map((m) => m._tag),
    ...SuspensionEvent.members.map((m) => m._tag),
    "UserRegistered",
  ],
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
        song_id text,
        filed_at timestamptz not null,
        outcome text,
        decided_at timestamptz
      )`
    yield* sql`
      create index if not exists moderation_reports_open
        on moderation_reports (kind, item_id) where outcome is null`
    yield* sql`
      create table if not exists moderation_appeals (
        kind text not null,
        item_id text not null,
        author_id text not null,
        text text not null,
        appealed_at timestamptz not null,
        primary key (kind, item_id)
      )`
    yield* sql`
      create table if not exists moderation_hidden (
        kind text not null,
        item_id text not null,
        author_id text not null,
        admin_id text not null,
        reason text not null,
        hidden_at timestamptz not null,
        primary key (kind, item_id)
      )`
    yield* sql`
      create table if not exists moderation_suspensions (
        user_id text primary key,
        admin_id text not null,
        reason text not null,
        until timestamptz,
        since timestamptz not null
      )`
    yield* sql`
      create table if not exists moderation_people (user_id text primary key, username text not null)`
    yield* createOpenItems
  }),
  apply: (events: ReadonlyArray<RecordedEvent>) =>
    Effect.gen(function* () {
      const history = yield* decode(events)
      yield* insertRows(
        "moderation_people",
        [
          ["user_id", "text", (r) => r.userId],
          ["username", "text", (r) => r.username],
        ],
        history.flatMap(({ event }) => (event._tag === "UserRegistered" ? [event] : [])),
        "on conflict (user_id) do nothing",
      )
      const filed = history.flatMap(({ event, recordedAt }) =>
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
          ["song_id", "text", (r) => r.event.songId ?? null],
          ["filed_at", "timestamptz", (r) => r.recordedAt],
        ],
        filed,
        "on conflict (report_id) do nothing",
      )
      // Decisions are rare: each is written in order, after the reports it may close.
      for (const { event, recordedAt } of history) {
        if (event._tag !== "ReportFiled" && event._tag !== "UserRegistered") {
          yield* writeCase(event, recordedAt)
        }
      }
      yield* countOpenItems(
        history.flatMap(({ event }) =>
          event._tag === "ReportFiled" || event._tag === "ReportsDecided"
            ? [{ kind: event.kind, itemId: event.itemId }]
            : [],
        ),
      )
    }),
}
