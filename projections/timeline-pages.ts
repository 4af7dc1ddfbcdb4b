import { SqlClient } from "@effect/sql"
import { Duration, Effect } from "effect"
import { readTimelinePage, type TimelinePage } from "./timeline.ts"

/** How long the timeline's version is taken as current before it is read again. */
const versionFreshness = Duration.millis(100)

/**
 * Public timeline pages from memory: everyone reads the same few pages, so each page is read once per
 * version of the timeline and kept, and only whether the viewer liked its songs is asked per request.
 *
 * The version is read again at most every 100 ms, and at once after `refresh` (which the catalog calls once
 * a write of this process reached the timeline, so its author sees it on the next read). A page is never
 * older than the version it is kept under: it is read after the version was. Another server process sees
 * a change at most 100 ms late.
 */
export const makeTimelinePages = (options: { readonly capacity: number }) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const context = yield* Effect.context<SqlClient.SqlClient>()
    const [version, refresh] = yield* Effect.cachedInvalidateWithTTL(
      sql<{ version: string }>`
        select started_at::text || '/' || last_seq as version from timeline_stats`.pipe(
        Effect.map((rows) => rows[0]?.version ?? "empty"),
        Effect.orDie,
      ),
      versionFreshness,
    )
    // Pages of the current version only, each read once even when many readers ask at the same moment.
    // A page's read is put in the map before it starts, so a read that began before a newer version was
    // seen never lands among that version's pages.
    let pagesOf = ""
    const pages = new Map<string, Effect.Effect<TimelinePage>>()
    const shared = (query: {
      readonly limit: number
      readonly offset: number
      readonly snapshot: number | undefined
    }) =>
      Effect.gen(function* () {
        const current = yield* version
        if (current !== pagesOf || pages.size >= options.capacity) {
          pages.clear()
          pagesOf = current
        }
        const key = `${query.snapshot ?? ""}/${query.limit}/${query.offset}`
        const known = pages.get(key)
        if (known) return yield* known
        // Uninterruptible: a reader who leaves does not fail the others waiting for the same page.
        const read = yield* Effect.cached(
          Effect.uninterruptible(
            readTimelinePage({ ...query, viewerId: undefined }).pipe(Effect.provide(context)),
          ),
        )
        pages.set(key, read)
        return yield* read.pipe(
          Effect.tapErrorCause(() =>
            Effect.sync(() => pages.get(key) === read && pages.delete(key)),
          ),
        )
      })

    const likedAmong = (viewerId: string, songIds: ReadonlyArray<string>) =>
      sql<{ song_id: string }>`
        select song_id from timeline_likes
         where user_id = ${viewerId} and song_id in ${sql.in(songIds)}`.pipe(
        Effect.map((rows) => new Set(rows.map((r) => r.song_id))),
        Effect.orDie,
      )

    const page = (query: {
      readonly limit: number
      readonly offset: number
      readonly snapshot: number | undefined
      readonly viewerId: string | undefined
    }) =>
      Effect.gen(function* () {
        const { viewerId, ...position } = query
        const page = yield* shared(position)
        if (viewerId === undefined || page.songs.length === 0) return page
        const liked = yield* likedAmong(
          viewerId,
          page.songs.map((song) => song.songId),
        )
        return {
          ...page,
          songs: page.songs.map((song) => ({ ...song, liked: liked.has(song.songId) })),
        } satisfies TimelinePage
      })

    return { page, refresh }
  })
