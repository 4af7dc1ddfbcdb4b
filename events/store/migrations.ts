import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { appendFunctionsSql } from "./append-function.ts"

/**
 * The store's tables. A stream row remembers the last transaction that appended to it; an append from an
 * older transaction is refused, so within every stream the global order follows the versions. `events` is ordered by (transaction_id, global_position): readers only take rows whose
 * transaction is older than every running one, so nothing can ever commit behind a reader's cursor.
 */
export const eventStoreMigrations = {
  "1_event_store": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table event_streams (
        stream_id text primary key,
        version bigint not null check (version > 0),
        last_transaction_id xid8 not null default pg_current_xact_id(),
        created_at timestamptz not null default now()
      ) with (fillfactor = 70)`
    yield* sql`
      create table events (
        global_position bigint generated always as identity,
        stream_id text not null,
        stream_version bigint not null check (stream_version > 0),
        event_id uuid not null,
        type text not null,
        schema_version integer not null default 1,
        data jsonb not null,
        metadata jsonb not null,
        transaction_id xid8 not null default pg_current_xact_id(),
        recorded_at timestamptz not null default now(),
        constraint events_pkey primary key (stream_id, stream_version),
        constraint events_event_id_key unique (event_id)
      )`
    yield* sql`create index events_global_order on events (transaction_id, global_position)`
    yield* sql.unsafe(appendFunctionsSql)
    yield* sql`
      create table subscriptions (
        name text primary key,
        transaction_id xid8 not null default '0',
        global_position bigint not null default 0,
        status text not null default 'running' check (status in ('running', 'paused')),
        last_error text,
        last_error_at timestamptz,
        updated_at timestamptz not null default now()
      )`
    yield* sql`
      create table dead_letters (
        id bigint generated always as identity primary key,
        subscription text not null,
        event_id uuid not null,
        stream_id text not null,
        event_type text not null,
        global_position bigint not null,
        transaction_id xid8 not null,
        error text not null,
        attempts integer not null,
        action text not null check (action in ('paused', 'skipped')),
        recorded_at timestamptz not null default now(),
        constraint dead_letters_event unique (subscription, event_id)
      )`
  }),
  // A stream's folded state at a version: a cache that a decider reads instead of its whole history.
  "2_snapshots": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table snapshots (
        stream_id text primary key,
        version bigint not null,
        shape integer not null,
        state jsonb not null,
        taken_at timestamptz not null default now()
      )`
  }),
  // Busy streams (credit accounts) take a snapshot on every append: room on each page keeps those updates
  // in place (HOT), as the stream rows have.
  "3_snapshots_room_for_updates": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`alter table snapshots set (fillfactor = 70)`
  }),
  // A stream held for a decision, and its snapshot as of after the hold: a function, because a statement that
  // waits for a row lock sees other tables as they were before the wait (read committed re-checks only the
  // locked row), so a snapshot joined in the same statement could be one commit old.
  "4_hold_stream": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql.unsafe(`
      create function hold_stream(p_stream_id text)
      returns table (stream_version bigint, version bigint, shape integer, state jsonb)
      language plpgsql as $$
      begin
        perform 1 from event_streams s where s.stream_id = p_stream_id for update;
        return query
          select s.version, n.version, n.shape, n.state
            from event_streams s left join snapshots n on n.stream_id = s.stream_id
           where s.stream_id = p_stream_id;
      end $$`)
  }),
}
