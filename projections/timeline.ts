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

/** Names the timeline's state: moves on with every change, and after a rebuild (a new log). */
const versionColumn = "started_at::text || '/' || last_seq"

export const readTimelineVersion = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.unsafe<{ version: string }>(`select ${versionColumn} as version from timeline_stats`),
).pipe(
  Effect.map((rows) => rows[0]?.version ?? "empty"),
  Effect.orDie,
)

/**
 * Every `spacing`-th song of the current order, with the version it was read at: a deep page then starts
 * from the nearest one before it instead of counting its way down from the first song.
 */
export interface TimelineAnchors {
  readonly version: string
  readonly spacing: number
  /** `keys[i]` is the song at position (i + 1) x spacing, counted from 1. */
  readonly keys: ReadonlyArray<{
    readonly likes: number
    readonly createdAt: string
    readonly songId: string
  }>
}

export const readTimelineAnchors = (spacing: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`set transaction isolation level repeatable read, read only`
        const version = yield* readTimelineVersion
        // created_at as text: a Date would drop its microseconds, and the key must match exactly.
        const keys = yield* sql<{ likes: number; created_at: string; song_id: string }>`
          select likes, created_at::text as created_at, song_id from (
            select likes, created_at, song_id,
                   row_number() over (order by likes desc, created_at desc, song_id desc) as position
              from timeline_songs where is_public) ranked
           where position % ${spacing} = 0 order by position`
        return {
          version,
          spacing,
          keys: keys.map((k) => ({ likes: k.likes, createdAt: k.created_at, songId: k.song_id })),
        } satisfies TimelineAnchors
      }),
    ),
  ).pipe(Effect.orDie, Effect.withSpan("readTimelineAnchors"))

/** The anchor nearest before `offset`, with how many songs lie before it. */
const anchorBefore = (anchors: TimelineAnchors, offset: number) => {
  const index = Math.min(Math.floor(offset / anchors.spacing), anchors.keys.length) - 1
  return index < 0
    ? undefined
    : { key: anchors.keys[index]!, position: (index + 1) * anchors.spacing }
}

interface PageQuery {
  readonly limit: number
  readonly offset: number
  readonly snapshot: number | undefined
  readonly viewerId: string | undefined
  /** Used when read at the same version as the page. */
  readonly anchors?: TimelineAnchors | undefined
}

/** Which snapshot a page is cut at: the one asked for while the log still holds it, else the current one. */
const snapshotOf = (
  requested: number | undefined,
  stats: { readonly last_seq: string; readonly pruned_through: string },
) => {
  const last = Number(stats.last_seq)
  return requested === undefined || requested > last || requested < Number(stats.pruned_through)
    ? last
    : requested
}

/**
 * A page in the current order, counters included, in one statement (one consistent view, one round
 * trip). Undefined when the page must be cut at an older snapshot, when the anchors are of another
 * version, or before the timeline has counters: the full read below answers those.
 */
const readCurrentPage = (query: PageQuery) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.gen(function* () {
      const anchor = query.anchors && anchorBefore(query.anchors, query.offset)
      const seek =
        anchor === undefined ? "" : "and (likes, created_at, song_id) < ($4, $5::timestamptz, $6)"
      const rows = yield* sql.unsafe<
        Partial<SongRecord> & {
          public_count: number
          last_seq: string
          pruned_through: string
          version: string
        }
      >(
        `with ranked as (
           select song_id from ${tables.songs} where is_public ${seek}
            order by likes desc, created_at desc, song_id desc limit $1 offset $2),
         stats as (
           select public_count, last_seq, pruned_through, ${versionColumn} as version from timeline_stats)
         select st.public_count, st.last_seq, st.pruned_through, st.version, ${songRowSelect(tables, "$3")}
           join ranked r on r.song_id = s.song_id
           right join stats st on true
          order by s.likes desc, s.created_at desc, s.song_id desc`,
        [
          query.limit,
          query.offset - (anchor?.position ?? 0),
          query.viewerId ?? "",
          ...(anchor === undefined
            ? []
            : [anchor.key.likes, anchor.key.createdAt, anchor.key.songId]),
        ],
      )
      const stats = rows[0]
      if (stats === undefined) return undefined
      const snapshot = snapshotOf(query.snapshot, stats)
      if (snapshot !== Number(stats.last_seq)) return undefined
      if (anchor !== undefined && query.anchors?.version !== stats.version) return undefined
      const songs = rows.flatMap((r) => (r.song_id == null ? [] : [toSongRow(r as SongRecord)]))
      return { songs, total: stats.public_count, snapshot } satisfies TimelinePage
    }),
  )

/**
 * One page of public songs, in the order of `snapshot` (the current one when absent, unknown or older
 * than the log). Likes counts and `liked` are as they are now; only the order is the snapshot's.
 */
export const readTimelinePage = (options: PageQuery) =>
  Effect.flatMap(readCurrentPage(options), (page) =>
    page === undefined ? readPageAtSnapshot(options) : Effect.succeed(page),
  ).pipe(Effect.orDie, Effect.withSpan("readTimelinePage"))

const readPageAtSnapshot = (options: PageQuery) =>
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
        const snapshot = snapshotOf(options.snapshot, stats)
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
  )

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
