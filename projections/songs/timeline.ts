import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Projection } from "../runner.ts"
import { dailyCountsSql, writeDailyCounts } from "./daily-counts.ts"
import { readSongFacts, songFactTypes } from "./song-facts.ts"
import { type SongTables, songTablesSql, writeSongFacts } from "./song-tables.ts"

/**
 * Public songs, most liked first (then newest, then by id: a stable order), with their creators and
 * likes. Pages are cut from the order as it stood at a snapshot: every batch logs, for each song it
 * changes, the likes and visibility the song had before, so a later page can put back the order of the
 * first one even after likes moved songs around. The log keeps an hour. Each song's likes and plays per
 * day of the last week rank Trending.
 */

export const timelineTables: SongTables = {
  songs: "timeline_songs",
  likes: "timeline_likes",
  creators: "timeline_creators",
}

/** How many days of likes and plays Trending ranks by. */
export const trendingDays = 7

/** Each song's likes and plays of the last `trendingDays` days, per day. */
export const timelineDaily = "timeline_daily"

/** How long the order of a first page can be kept for the pages after it. */
const logRetention = "1 hour"

export const timeline: Projection = {
  name: "timeline",
  revision: 8,
  tables: [
    timelineTables.songs,
    timelineTables.likes,
    timelineTables.creators,
    timelineDaily,
    "timeline_changes",
    "timeline_stats",
  ],
  journalTables: ["timeline_changes", "timeline_stats"],
  types: songFactTypes,
  onPoison: "skip",
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const statement of songTablesSql(timelineTables)) yield* sql.unsafe(statement)
    for (const statement of dailyCountsSql(timelineDaily)) yield* sql.unsafe(statement)
    yield* sql`
      create index if not exists timeline_songs_ranked
        on timeline_songs (likes desc, created_at desc, song_id desc) where is_public`
    yield* sql`
      create index if not exists timeline_songs_newest
        on timeline_songs (created_at desc, song_id desc) where is_public`
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
      yield* writeDailyCounts(timelineDaily, facts, trendingDays)
      const touched = [...facts.touched]
      if (touched.length === 0) return yield* writeSongFacts(timelineTables, facts, () => ({}))
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
      yield* writeSongFacts(timelineTables, facts, () => ({}))
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
