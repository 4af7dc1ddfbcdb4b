import type { ExpectedVersion } from "./expected-version.ts"

/**
 * One statement per append: the stream row is created or moved on according to the expectation, and the
 * events are inserted at the versions that follow. Events whose ids are already stored make the statement
 * touch nothing, so a retried append is idempotent. Parameters: $1 stream id, $2 event count, $3 ids,
 * $4 types, $5 schema versions, $6 data, $7 metadata, and for an exact expectation $8 the version.
 */
const appendWith = (streamStatement: string) => `
with dup as (
  select stream_id, stream_version, global_position, transaction_id
  from events where event_id = any($3::uuid[])
), stream as (
  ${streamStatement}
  returning version
), inserted as (
  insert into events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
  select $1::text, stream.version - $2::int + u.ord, u.event_id, u.type, u.schema_version, u.data, u.metadata
  from stream, unnest($3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[])
    with ordinality as u(event_id, type, schema_version, data, metadata, ord)
  returning global_position, transaction_id
)
select
  (select version from stream) as version,
  (select max(global_position) from inserted) as global_position,
  (select transaction_id::text from inserted limit 1) as transaction_id,
  (select count(*) from dup) as duplicates,
  (select count(*) from dup where stream_id = $1::text) as duplicates_in_stream,
  (select max(stream_version) from dup) as duplicate_version,
  (select global_position from dup order by global_position desc limit 1) as duplicate_position,
  (select transaction_id::text from dup order by global_position desc limit 1) as duplicate_transaction_id`

/**
 * Global order is (transaction id, position), and a transaction id is handed out at a transaction's first
 * write, which can come long before it reaches a stream. So a stream only moves on for a transaction at
 * least as young as the last one that appended to it; an older one finds no row and must start afresh.
 */
const youngEnough = "event_streams.last_transaction_id <= pg_current_xact_id()"
const moveOn =
  "version = event_streams.version + $2::int, last_transaction_id = pg_current_xact_id()"

const statements = {
  any: appendWith(`
    insert into event_streams (stream_id, version) select $1::text, $2::int where not exists (select from dup)
    on conflict (stream_id) do update set ${moveOn} where ${youngEnough}`),
  noStream: appendWith(`
    insert into event_streams (stream_id, version) select $1::text, $2::int where not exists (select from dup)
    on conflict (stream_id) do nothing`),
  streamExists: appendWith(`
    update event_streams set ${moveOn}
    where stream_id = $1::text and ${youngEnough} and not exists (select from dup)`),
  exact: appendWith(`
    update event_streams set ${moveOn}
    where stream_id = $1::text and version = $8::bigint and ${youngEnough} and not exists (select from dup)`),
}

/** Whether a stream at `version` (0: none) meets the expectation. */
export const satisfies = (expected: ExpectedVersion, version: number): boolean => {
  if (expected === "any") return true
  if (expected === "no_stream" || expected === 0) return version === 0
  if (expected === "stream_exists") return version > 0
  return version === expected
}

export interface AppendRow {
  readonly version: string | number | null
  readonly global_position: string | number | null
  readonly transaction_id: string | null
  readonly duplicates: string | number
  readonly duplicates_in_stream: string | number
  readonly duplicate_version: string | number | null
  readonly duplicate_position: string | number | null
  readonly duplicate_transaction_id: string | null
}

export const appendStatement = (
  expected: ExpectedVersion,
): { readonly text: string; readonly exactVersion?: number } => {
  if (expected === "any") return { text: statements.any }
  if (expected === "no_stream" || expected === 0) return { text: statements.noStream }
  if (expected === "stream_exists") return { text: statements.streamExists }
  return { text: statements.exact, exactVersion: expected }
}
