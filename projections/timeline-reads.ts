import { SqlClient, SqlError } from "@effect/sql"
import { Effect } from "effect"
import { PgPool } from "#events/store/pg-client.ts"
import { type SongRecord, type SongRow, songRowSelect, toSongRow } from "./song-facts.ts"
import { timelineTables } from "./timeline.ts"

/**
 * Reading the timeline's read model: pages of public songs in their order (at a snapshot, see timeline.ts),
 * the version that names its state, anchors for deep pages, and the songs a person likes.
 */

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

/** A page as everyone sees it: whether the viewer liked its songs is asked apart (`likedAmong`). */
interface PageQuery {
  readonly limit: number
  readonly offset: number
  readonly snapshot: number | undefined
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

type CurrentPageRow = Partial<SongRecord> & {
  public_count: number
  last_seq: string
  pruned_through: string
  version: string
}

/**
 * A page in the current order, counters included, in one statement (one consistent view, one round
 * trip). Undefined when the page must be cut at an older snapshot, when the anchors are of another
 * version, or before the timeline has counters: the full read below answers those.
 *
 * Sent on the pool itself, as the event store's appends are: it is the read of every page not kept in
 * memory, and through SqlClient the same statement answered about 1,300 instead of 2,000 deep pages a
 * second, 50 at a time (bench:timeline's page read alone).
 */
const readCurrentPage = (query: PageQuery) =>
  Effect.flatMap(PgPool, (pool) =>
    Effect.gen(function* () {
      const anchor = query.anchors && anchorBefore(query.anchors, query.offset)
      const seek =
        anchor === undefined ? "" : "and (likes, created_at, song_id) < ($3, $4::timestamptz, $5)"
      const { rows } = yield* Effect.tryPromise({
        try: () =>
          pool.query<CurrentPageRow>(
            `with ranked as (
               select song_id from ${timelineTables.songs} where is_public ${seek}
                order by likes desc, created_at desc, song_id desc limit $1 offset $2),
             stats as (
               select public_count, last_seq, pruned_through, ${versionColumn} as version from timeline_stats limit 1)
             select st.public_count, st.last_seq, st.pruned_through, st.version, ${songRowSelect(timelineTables, undefined)}
               join ranked r on r.song_id = s.song_id
               right join stats st on true
              order by s.likes desc, s.created_at desc, s.song_id desc`,
            [
              query.limit,
              query.offset - (anchor?.position ?? 0),
              ...(anchor === undefined
                ? []
                : [anchor.key.likes, anchor.key.createdAt, anchor.key.songId]),
            ],
          ),
        catch: (cause) =>
          new SqlError.SqlError({ cause, message: "Failed to read a timeline page" }),
      })
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
                `select ${songRowSelect(timelineTables, undefined)} where s.song_id = any($1::text[])`,
                [ids],
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
      `select ${songRowSelect(timelineTables, "$1")}
        where s.is_public and s.song_id in (select song_id from timeline_likes where user_id = $1)
        order by s.created_at desc, s.song_id desc`,
      [userId],
    ),
  ).pipe(
    Effect.map((rows) => rows.map(toSongRow)),
    Effect.orDie,
  )
