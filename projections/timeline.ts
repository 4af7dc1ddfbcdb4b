import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Projection } from "./runner.ts"
import {
  readSongFacts,
  type SongRecord,
  type SongRow,
  type SongTables,
  songFactTypes,
  songRowSelect,
  songTablesSql,
  toSongRow,
  writeSongFacts,
} from "./song-facts.ts"

/**
 * Public songs, most liked first (then newest, then by id: a stable order), with their creators and
 * likes. Pages are cut from the order as it stood at a snapshot: every batch logs, for each song it
 * changes, the likes and visibility the song had before, so a later page can put back the order of the
 * first one even after likes moved songs around. The log keeps an hour.
 */

const tables: SongTables = {
  songs: "timeline_songs",
  likes: "timeline_likes",
  creators: "timeline_creators",
}

/** How long the order of a first page can be kept for the pages after it. */
const logRetention = "1 hour"

export const timeline: Projection = {
  name: "timeline",
  version: 2,
  tables: [tables.songs, tables.likes, tables.creators, "timeline_changes", "timeline_stats"],
  journalTables: ["timeline_changes", "timeline_stats"],
  types: songFactTypes,
  onPoison: "skip",
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const statement of songTablesSql(tables)) yield* sql.unsafe(statement)
    yield* sql`
      create index if not exists timeline_songs_ranked
        on timeline_songs (likes desc, created_at desc, song_id desc) where is_public`
    yield* sql`
      create table if not exists timeline_changes (
        seq bigint generated always as identity primary key,
        song_id text not null,
        likes_before integer not null,
        public_before boolean not null,
        changed_at timestamptz not null default now()
      )`
    yield* sql`create index if not exists timeline_changes_by_time on timeline_changes (changed_at)`
    yield* sql`
      create table if not exists timeline_stats (
        id integer primary key check (id = 1),
        public_count integer not null,
        last_seq bigint not null,
        pruned_through bigint not null,
        -- Set when the row is first written, so again after a rebuild: tells a rebuilt log's seq from the old one's.
        started_at timestamptz not null default clock_timestamp()
      )`
  }),
  apply: (events) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const facts = yield* readSongFacts(events)
      const touched = [...facts.touched]
      if (touched.length === 0) return yield* writeSongFacts(tables, facts, () => ({}))
      const before = new Map(
        (yield* sql<{ song_id: string; likes: number; is_public: boolean }>`
          select song_id, likes, is_public from timeline_songs where song_id in ${sql.in(touched)}`).map(
          (r) => [r.song_id, r] as const,
        ),
      )
      const [logged] = yield* sql.unsafe<{ last_seq: string | null }>(
        `with logged as (
           insert into timeline_changes (song_id, likes_before, public_before)
           select * from unnest($1::text[], $2::int[], $3::boolean[]) returning seq)
         select max(seq) as last_seq from logged`,
        [
          touched,
          touched.map((id) => before.get(id)?.likes ?? 0),
          touched.map((id) => before.get(id)?.is_public ?? false),
        ],
      )
      yield* writeSongFacts(tables, facts, () => ({}))
      const after = yield* sql<{ public_now: number }>`
        select count(*)::int as public_now from timeline_songs
         where song_id in ${sql.in(touched)} and is_public`
      const publicBefore = touched.filter((id) => before.get(id)?.is_public).length
      const [pruned] = yield* sql<{ through: string | null }>`
        with gone as (
          delete from timeline_changes where changed_at < now() - ${logRetention}::interval returning seq)
        select max(seq) as through from gone`
      // An upsert: a rebuild empties this table with the others.
      yield* sql`
        insert into timeline_stats (id, public_count, last_seq, pruned_through)
        values (1, ${after[0]!.public_now - publicBefore}, ${Number(logged!.last_seq)},
          ${Number(pruned?.through ?? 0)})
        on conflict (id) do update set
          public_count = timeline_stats.public_count + excluded.public_count,
          last_seq = excluded.last_seq,
          pruned_through = greatest(timeline_stats.pruned_through, excluded.pruned_through)`
    }),
}

export interface TimelinePage {
  readonly songs: ReadonlyArray<SongRow>
  readonly total: number
  readonly snapshot: number
}

interface Ranked {
  readonly song_id: string
  readonly likes: number
  readonly created_at: Date
}

/** Most liked first, then newest, then by id. */
const byRank = (a: Ranked, b: Ranked) =>
  b.likes - a.likes ||
  b.created_at.getTime() - a.created_at.getTime() ||
  (a.song_id < b.song_id ? 1 : a.song_id > b.song_id ? -1 : 0)

/**
 * One page of public songs, in the order of `snapshot` (the current one when absent, unknown or older
 * than the log). Likes counts and `liked` are as they are now; only the order is the snapshot's.
 */
export const readTimelinePage = (options: {
  readonly limit: number
  readonly offset: number
  readonly snapshot: number | undefined
  readonly viewerId: string | undefined
}) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(
      Effect.gen(function* () {
        // One consistent view of the songs, the log and the counters for the whole page.
        yield* sql`set transaction isolation level repeatable read, read only`
        const [stats = { public_count: 0, last_seq: "0", pruned_through: "0" }] = yield* sql<{
          public_count: number
          last_seq: string
          pruned_through: string
        }>`
          select public_count, last_seq, pruned_through from timeline_stats`
        const last = Number(stats.last_seq)
        const requested = options.snapshot
        const snapshot =
          requested === undefined || requested > last || requested < Number(stats.pruned_through)
            ? last
            : requested
        const { limit, offset } = options
        const changed =
          snapshot === last
            ? []
            : yield* sql<{ song_id: string; likes_before: number; public_before: boolean }>`
                select distinct on (song_id) song_id, likes_before, public_before
                  from timeline_changes where seq > ${snapshot} order by song_id, seq`
        let ids: ReadonlyArray<string>
        let total = stats.public_count
        if (changed.length === 0) {
          ids = (yield* sql<{ song_id: string }>`
            select song_id from timeline_songs where is_public
             order by likes desc, created_at desc, song_id desc limit ${limit} offset ${offset}`).map(
            (r) => r.song_id,
          )
        } else {
          const changedIds = changed.map((c) => c.song_id)
          const now = yield* sql<{ song_id: string; created_at: Date; is_public: boolean }>`
            select song_id, created_at, is_public from timeline_songs where song_id in ${sql.in(changedIds)}`
          const createdAt = new Map(now.map((r) => [r.song_id, r.created_at] as const))
          total +=
            changed.filter((c) => c.public_before).length - now.filter((r) => r.is_public).length
          const unchanged = yield* sql<Ranked>`
            select song_id, likes, created_at from timeline_songs
             where is_public and song_id not in ${sql.in(changedIds)}
             order by likes desc, created_at desc, song_id desc limit ${offset + limit}`
          const atSnapshot: Array<Ranked> = changed
            .filter((c) => c.public_before && createdAt.has(c.song_id))
            .map((c) => ({
              song_id: c.song_id,
              likes: c.likes_before,
              created_at: createdAt.get(c.song_id)!,
            }))
          ids = [...unchanged, ...atSnapshot]
            .sort(byRank)
            .slice(offset, offset + limit)
            .map((r) => r.song_id)
        }
        const rows =
          ids.length === 0
            ? []
            : yield* sql.unsafe<SongRecord>(
                `select ${songRowSelect(tables, "$2")} where s.song_id = any($1::text[])`,
                [ids, options.viewerId ?? ""],
              )
        const byId = new Map(rows.map((r) => [r.song_id, toSongRow(r)] as const))
        const songs = ids.flatMap((id) => byId.get(id) ?? [])
        return { songs, total, snapshot } satisfies TimelinePage
      }),
    ),
  ).pipe(Effect.orDie, Effect.withSpan("readTimelinePage"))

/** The public songs a person likes, most recently published first. */
export const readLikedSongs = (userId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<SongRecord>(
      `select ${songRowSelect(tables, "$1")}
        where s.is_public and s.song_id in (select song_id from timeline_likes where user_id = $1)
        order by s.created_at desc, s.song_id desc`,
      [userId],
    ),
  ).pipe(
    Effect.map((rows) => rows.map(toSongRow)),
    Effect.orDie,
  )
