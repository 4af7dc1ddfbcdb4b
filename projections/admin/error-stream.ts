import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { ErrorReported } from "#events/contracts/errors.ts"
import { SongGenerationFailed } from "#events/contracts/media.ts"
import { PaymentMismatched } from "#events/contracts/payment-mismatches.ts"
import { VideoExportFailed } from "#events/contracts/video-exports.ts"
import { decodeAll } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"
import type { Projection } from "../runner.ts"
import { type AdminListQuery, readAdminPage } from "./admin-filters.ts"

/**
 * Everything that went wrong, as the spec's error_logs: reported errors (defects at the HTTP edge, jobs
 * that failed for good, dead-lettered events, the browser's reports), failed generations (the provider's
 * or the engine's failures), failed video renders, and payments whose amount is not the offer's.
 */

const ErrorEvent = Schema.Union(
  ErrorReported,
  SongGenerationFailed,
  VideoExportFailed,
  PaymentMismatched,
)

const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`
const decode = decodeAll(ErrorEvent)

interface ErrorEntry {
  readonly userId: string | null
  readonly source: string
  readonly error: string
  readonly stack: string | null
  readonly context: Record<string, unknown>
}

const entryOf = (event: typeof ErrorEvent.Type): ErrorEntry => {
  switch (event._tag) {
    case "ErrorReported":
      return { ...event, error: event.message }
    case "SongGenerationFailed":
      return {
        userId: event.userId,
        source: "provider",
        error: `Song generation failed (${event.status}): ${event.reason}`,
        stack: null,
        context: { generationId: event.generationId, status: event.status, credits: event.credits },
      }
    case "VideoExportFailed":
      return {
        userId: event.userId,
        source: "job",
        error: `Video export failed: ${event.reason}`,
        stack: null,
        context: { jobId: event.jobId, timedOut: event.timedOut },
      }
    case "PaymentMismatched": {
      const { _tag, userId, ...context } = event
      return {
        userId,
        source: "provider",
        error:
          `Payment ${event.reference} was ${money(event.paidAmountCents, event.paidCurrency)}, ` +
          `not the ${money(event.expectedAmountCents, event.expectedCurrency)} of the ${event.kind} ` +
          `${event.item}: no credits were granted`,
        stack: null,
        context,
      }
    }
  }
}

export const errorStream: Projection = {
  name: "error-stream",
  revision: 1,
  tables: ["admin_errors"],
  types: ErrorEvent.members.map((m) => m._tag),
  onPoison: "skip",
  // Its own dead letters are reported as errors it would read: they are kept in dead_letters only.
  reportPoison: false,
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table if not exists admin_errors (
        id text primary key,
        user_id text,
        source text not null,
        error text not null,
        stack text,
        context jsonb not null,
        created_at timestamptz not null,
        stream_id text not null,
        global_position bigint not null
      )`
    yield* sql`create index if not exists admin_errors_newest on admin_errors (global_position desc)`
    yield* sql`create index if not exists admin_errors_by_user on admin_errors (user_id, global_position desc)`
  }),
  apply: (events) =>
    Effect.gen(function* () {
      const rows = (yield* decode(events)).map((recorded) => ({
        recorded,
        entry: entryOf(recorded.event),
      }))
      if (rows.length === 0) return
      yield* insertRows(
        "admin_errors",
        [
          ["id", "text", (r) => r.recorded.eventId],
          ["user_id", "text", (r) => r.entry.userId],
          ["source", "text", (r) => r.entry.source],
          ["error", "text", (r) => r.entry.error],
          ["stack", "text", (r) => r.entry.stack],
          ["context", "jsonb", (r) => JSON.stringify(r.entry.context)],
          ["created_at", "timestamptz", (r) => r.recorded.recordedAt],
          ["stream_id", "text", (r) => r.recorded.streamId],
          ["global_position", "bigint", (r) => r.recorded.globalPosition],
        ],
        rows,
        "on conflict (id) do nothing",
      )
    }),
}

export interface ErrorRow extends ErrorEntry {
  readonly id: string
  readonly streamId: string
  readonly createdAt: Date
}

export const readErrors = (query: AdminListQuery) =>
  Effect.map(
    readAdminPage<{
      id: string
      user_id: string | null
      source: string
      error: string
      stack: string | null
      context: Record<string, unknown>
      created_at: Date
      stream_id: string
    }>(
      "admin_errors",
      "id, user_id, source, error, stack, context, created_at, stream_id",
      "source",
      query,
    ),
    ({ rows, total }) => ({
      total,
      rows: rows.map(
        (row): ErrorRow => ({
          id: row.id,
          userId: row.user_id,
          source: row.source,
          error: row.error,
          stack: row.stack,
          context: row.context,
          createdAt: row.created_at,
          streamId: row.stream_id,
        }),
      ),
    }),
  )
