/**
 * The store's tables as another cluster can take them back, for backups.
 *
 * A transaction id (xid8) belongs to the cluster that assigned it. Restored as they are, the events would
 * lie in the new cluster's future: readers, which take only transactions older than every running one,
 * would not see them until its counter passed theirs, and new appends would sort before them. So a backup
 * writes the history in its read order with positions renumbered from 1, without transaction ids; the
 * restore gives every row its own transaction's id, as if one transaction had appended it all in that
 * order, and every checkpoint and dead letter moves to the renumbered place of the same event.
 */

/** The read order's rank of every event: its position once restored. */
const ranked = `select event_id, row_number() over (order by transaction_id, global_position) as position
  from events`

/** For each store table that needs it, the query that writes it portably, with the columns it fills. */
export const portableTables: ReadonlyMap<
  string,
  { readonly columns: ReadonlyArray<string>; readonly query: string }
> = new Map([
  [
    "public.events",
    {
      columns: [
        "global_position",
        "stream_id",
        "stream_version",
        "event_id",
        "type",
        "schema_version",
        "data",
        "metadata",
        "recorded_at",
      ],
      query: `select row_number() over (order by transaction_id, global_position), stream_id,
        stream_version, event_id, type, schema_version, data, metadata, recorded_at
        from events order by transaction_id, global_position`,
    },
  ],
  [
    "public.event_streams",
    {
      columns: ["stream_id", "version", "created_at"],
      query: "select stream_id, version, created_at from event_streams",
    },
  ],
  [
    // A checkpoint becomes the number of events at or before it: the position of the last one it read.
    "public.subscriptions",
    {
      columns: ["name", "global_position", "status", "last_error", "last_error_at", "updated_at"],
      query: `select s.name,
          (select count(*) from events e
            where (e.transaction_id, e.global_position) <= (s.transaction_id, s.global_position)),
          s.status, s.last_error, s.last_error_at, s.updated_at
        from subscriptions s`,
    },
  ],
  [
    "public.dead_letters",
    {
      columns: [
        "id",
        "subscription",
        "event_id",
        "stream_id",
        "event_type",
        "global_position",
        "transaction_id",
        "error",
        "attempts",
        "action",
        "recorded_at",
      ],
      query: `select d.id, d.subscription, d.event_id, d.stream_id, d.event_type, r.position, '0'::xid8,
          d.error, d.attempts, d.action, d.recorded_at
        from dead_letters d join (${ranked}) r using (event_id)`,
    },
  ],
])

/**
 * After the rows are in: checkpoints and dead letters take the restoring transaction's id, as the events
 * and streams did by their columns' default.
 */
export const portableFinish = [
  "update subscriptions set transaction_id = pg_current_xact_id() where global_position > 0",
  "update dead_letters set transaction_id = pg_current_xact_id()",
]
