import type { ExpectedVersion } from "./expected-version.ts"

/**
 * The append, as PL/pgSQL functions: PostgreSQL keeps their statements' plans for the session, so an append
 * costs about what a plain insert of the same rows costs. Every lookup is an equality on an indexed column,
 * so a plan cached while the table was small still probes the index when it is large.
 *
 * Global order is (transaction id, position) and a transaction gets its id at its first write, possibly
 * long before it reaches this stream; so the stream row only moves on for a transaction at least as young
 * as its last appender. The row is updated in place (its table leaves room on each page).
 *
 * `append_event` (one event, no arrays) and `append_events` (several) answer:
 * - 'ok', with the stream's version and the last event's position and transaction;
 * - 'duplicate', when the first id is already stored by that same append (a retry): its result, unchanged;
 * - 'id_conflict', when stored ids belong to something else; an id reused further down a batch is caught
 *   by the unique index instead;
 * - 'conflict', with the stream's version now: the caller tells a wrong expectation from a too-old
 *   transaction.
 */

/**
 * Moves the stream row on by `count` events into v; when it cannot, answers a retry as such (see
 * `answerRetry`) or a conflict with the stream's version now.
 */
const advanceStream = (count: string, firstId: string, ids: string) => `
  if p_expected = 'any' then
    insert into event_streams as s (stream_id, version) values (p_stream_id, ${count})
      on conflict (stream_id) do update
        set version = s.version + ${count}, last_transaction_id = pg_current_xact_id()
        where s.last_transaction_id <= pg_current_xact_id()
      returning s.version into v;
  elsif p_expected = 'no_stream' or p_expected = '0' then
    insert into event_streams (stream_id, version) values (p_stream_id, ${count})
      on conflict (stream_id) do nothing
      returning version into v;
  elsif p_expected = 'stream_exists' then
    update event_streams s set version = s.version + ${count}, last_transaction_id = pg_current_xact_id()
      where s.stream_id = p_stream_id and s.last_transaction_id <= pg_current_xact_id()
      returning s.version into v;
  else
    update event_streams s set version = s.version + ${count}, last_transaction_id = pg_current_xact_id()
      where s.stream_id = p_stream_id and s.version = p_expected::bigint
        and s.last_transaction_id <= pg_current_xact_id()
      returning s.version into v;
  end if;
  if v is null then
    if exists (select from events e where e.event_id = ${firstId}) then
      return stored_append(p_stream_id, ${ids});
    end if;
    return 'conflict ' || coalesce((select s.version from event_streams s where s.stream_id = p_stream_id), 0);
  end if;`

/**
 * A retried append: its first id is stored already; answer with what that append answered. Outside a
 * transaction the caller skips this look-up on the way in: when the stream check fails the look-up happens
 * anyway, and otherwise the unique index refuses the insert and the caller asks `stored_append` itself.
 * A failed statement costs nothing outside a transaction; inside one it would end it. (Two nested ifs:
 * PL/pgSQL evaluates a plain boolean without running a query.)
 */
const answerRetry = (firstId: string, ids: string) => `
  if p_look_up_retries then
    if exists (select from events e where e.event_id = ${firstId}) then
      return stored_append(p_stream_id, ${ids});
    end if;
  end if;`

/**
 * The answer, one text: "ok <version> <position> <transaction>", "duplicate <...same>", "id_conflict" or
 * "conflict <version>". A scalar costs PostgreSQL less than a record.
 */
export const appendFunctionsSql = `
create function stored_append(p_stream_id text, p_event_ids uuid[]) returns text
language plpgsql as $$
declare
  matching int := 0;
  id uuid;
  e events;
  newest events;
begin
  foreach id in array p_event_ids loop
    select * into e from events x where x.event_id = id;
    if found and e.stream_id = p_stream_id then
      matching := matching + 1;
      if newest.global_position is null or e.global_position > newest.global_position then
        newest := e;
      end if;
    end if;
  end loop;
  if matching < cardinality(p_event_ids) then
    return 'id_conflict';
  end if;
  return 'duplicate ' || newest.stream_version || ' ' || newest.global_position || ' ' || newest.transaction_id;
end $$;

create function append_event(p_look_up_retries boolean, p_stream_id text, p_expected text, p_event_id uuid,
  p_type text, p_schema_version int, p_data jsonb, p_metadata jsonb) returns text
language plpgsql as $$
declare
  v bigint;
  last_position bigint;
begin
  ${answerRetry("p_event_id", "array[p_event_id]")}
  ${advanceStream("1", "p_event_id", "array[p_event_id]")}
  insert into events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
    values (p_stream_id, v, p_event_id, p_type, p_schema_version, p_data, p_metadata)
    returning events.global_position into last_position;
  return 'ok ' || v || ' ' || last_position || ' ' || pg_current_xact_id();
end $$;

create function append_events(p_look_up_retries boolean, p_stream_id text, p_expected text,
  p_event_ids uuid[], p_types text[], p_schema_versions int[], p_data jsonb[], p_metadata jsonb[]) returns text
language plpgsql as $$
declare
  n int := cardinality(p_event_ids);
  v bigint;
  last_position bigint;
begin
  ${answerRetry("p_event_ids[1]", "p_event_ids")}
  ${advanceStream("n", "p_event_ids[1]", "p_event_ids")}
  with inserted as (
    insert into events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
    select p_stream_id, v - n + u.ord, u.event_id, u.type, u.schema_version, u.data, u.metadata
    from unnest(p_event_ids, p_types, p_schema_versions, p_data, p_metadata)
      with ordinality as u(event_id, type, schema_version, data, metadata, ord)
    returning events.global_position)
  select max(inserted.global_position) into last_position from inserted;
  return 'ok ' || v || ' ' || last_position || ' ' || pg_current_xact_id();
end $$`

export type AppendOutcome = "ok" | "duplicate" | "id_conflict" | "conflict"

export interface AppendAnswer {
  readonly outcome: AppendOutcome
  readonly version: number
  readonly position: number
  readonly transactionId: string
}

/** Reads the functions' one-text answer. */
export const parseAnswer = (answer: string): AppendAnswer => {
  const [outcome, version, position, transactionId] = answer.split(" ")
  return {
    outcome: outcome as AppendOutcome,
    version: Number(version ?? 0),
    position: Number(position ?? 0),
    transactionId: transactionId ?? "0",
  }
}

interface EventToAppend {
  readonly eventId: string
  readonly type: string
  readonly schemaVersion: number
  readonly data: unknown
  readonly metadata: unknown
}

/**
 * The call for these events: the scalar function for one event, the array one for several. `inTransaction`
 * decides who looks up retries (see `answerRetry`).
 */
export const appendCall = (
  streamId: string,
  expected: ExpectedVersion,
  events: ReadonlyArray<EventToAppend>,
  inTransaction: boolean,
): { readonly name: string; readonly text: string; readonly params: ReadonlyArray<unknown> } => {
  const expectation = String(expected)
  if (events.length === 1) {
    const [e] = events as [EventToAppend]
    return {
      name: "append_event",
      text: "select append_event($1, $2, $3, $4, $5, $6, $7, $8) as answer",
      params: [
        inTransaction,
        streamId,
        expectation,
        e.eventId,
        e.type,
        e.schemaVersion,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
      ],
    }
  }
  return {
    name: "append_events",
    text: "select append_events($1, $2, $3, $4, $5, $6, $7, $8) as answer",
    params: [
      inTransaction,
      streamId,
      expectation,
      events.map((e) => e.eventId),
      events.map((e) => e.type),
      events.map((e) => e.schemaVersion),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
    ],
  }
}

/** What a retried append answered the first time (used when the unique index refused the retry). */
export const storedAppendCall = "select stored_append($1, $2) as answer"
