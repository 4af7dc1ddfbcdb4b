import pg from "pg"

/**
 * The baseline: plain `pg` inserts of the same rows into a table of the same shape (primary key on stream and
 * version, unique event id), with no store logic at all.
 */
export const makeRaw = async (url: string, poolSize: number) => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  await pool.query(`
    create table if not exists raw_events (
      global_position bigint generated always as identity,
      stream_id text not null,
      stream_version bigint not null,
      event_id uuid not null unique,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      primary key (stream_id, stream_version)
    )`)

  const insertOne = (
    streamId: string,
    version: number,
    eventId: string,
    type: string,
    data: string,
    metadata: string,
  ) =>
    pool.query(
      "insert into raw_events (stream_id, stream_version, event_id, type, data, metadata) values ($1, $2, $3, $4, $5, $6)",
      [streamId, version, eventId, type, data, metadata],
    )

  const insertMany = (
    streamId: string,
    rows: ReadonlyArray<{
      readonly eventId: string
      readonly type: string
      readonly data: string
      readonly metadata: string
    }>,
  ) =>
    pool.query(
      `insert into raw_events (stream_id, stream_version, event_id, type, data, metadata)
       select $1, v, id, t, d, m from unnest($2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) as u(v, id, t, d, m)`,
      [
        streamId,
        rows.map((_, i) => i + 1),
        rows.map((r) => r.eventId),
        rows.map((r) => r.type),
        rows.map((r) => r.data),
        rows.map((r) => r.metadata),
      ],
    )

  const readStream = (streamId: string) =>
    pool.query("select * from raw_events where stream_id = $1 order by stream_version", [streamId])

  /** Pages through the store's own events table the way a projection does, without the store around it. */
  const readEventsPaged = async (pageSize: number) => {
    let cursor: [string, number] = ["0", 0]
    let total = 0
    for (;;) {
      const { rows } = await pool.query(
        `select global_position, transaction_id::text as tx, type, data, metadata, recorded_at from events
         where (transaction_id, global_position) > ($1::xid8, $2) order by transaction_id, global_position limit $3`,
        [cursor[0], cursor[1], pageSize],
      )
      if (rows.length === 0) return total
      total += rows.length
      const last = rows[rows.length - 1]
      cursor = [last.tx, Number(last.global_position)]
    }
  }

  return { pool, insertOne, insertMany, readStream, readEventsPaged, end: () => pool.end() }
}
