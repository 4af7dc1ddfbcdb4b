import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The queue's items: each reported item with reports still open, their count and when the last came, kept
 * beside the reports so the queue's first page reads 50 rows instead of grouping every open report.
 */
export const createOpenItems = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table if not exists moderation_open_items (
      kind text not null,
      item_id text not null,
      author_id text not null,
      count integer not null,
      last_at timestamptz not null,
      song_id text,
      primary key (kind, item_id)
    )`
  yield* sql`
    create index if not exists moderation_open_items_queue
      on moderation_open_items (count desc, last_at desc, item_id)`
  yield* sql`
    create index if not exists moderation_reports_open_by_time
      on moderation_reports (kind, item_id, filed_at desc) where outcome is null`
})

/** Counts again, from the reports, the items a batch filed or decided reports of. */
export const countOpenItems = (touched: ReadonlyArray<{ kind: string; itemId: string }>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    if (touched.length === 0) return Effect.void
    const params = [touched.map((t) => t.kind), touched.map((t) => t.itemId)]
    return Effect.zipRight(
      sql.unsafe(
        `delete from moderation_open_items o using unnest($1::text[], $2::text[]) as t(kind, item_id)
          where o.kind = t.kind and o.item_id = t.item_id`,
        params,
      ),
      sql.unsafe(
        `insert into moderation_open_items (kind, item_id, author_id, count, last_at, song_id)
         select r.kind, r.item_id, min(r.author_id), count(*)::int, max(r.filed_at), min(r.song_id)
           from moderation_reports r
           join (select distinct * from unnest($1::text[], $2::text[])) as t(kind, item_id)
             on r.kind = t.kind and r.item_id = t.item_id
          where r.outcome is null
          group by r.kind, r.item_id`,
        params,
      ),
    ).pipe(Effect.asVoid)
  })
