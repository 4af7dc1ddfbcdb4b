import type { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { NotFound } from "#api/refusals.ts"
import type { EventStore, EventWakeups } from "#events/store/index.ts"
import { oncePerObject } from "#toolkit/once-per-object.ts"
import { makeOwnWritesWait } from "../own-writes.ts"
import type { ReadStamp } from "../read-stamps.ts"
import { DailyPlays, DayOfPlays, PublicSongs, type SongView } from "./api.ts"
import { library, readLibraryDailyPlays, readLibrarySong, readOwnedSongs } from "./library.ts"
import { readLikedSongs } from "./liked-songs.ts"
import { readNewestSongs } from "./newest-songs.ts"
import { countPublicSongs, type ListedSong, readPublicSongs } from "./sitemap-reads.ts"
import type { ListQuery, PublicPage, PublicQuery } from "./song-rows.ts"
import { toView } from "./song-view.ts"
import { timeline } from "./timeline.ts"
import { makeTimelinePages } from "./timeline-pages.ts"
import { makeTrendingOrder } from "./trending-order.ts"
import { readTrendingSongs } from "./trending-songs.ts"

/** The same answer for a song that does not exist and one this person may not see. */
const notFound = new NotFound({ message: "This song does not exist, or it is private." })

/**
 * Songs as the library and timeline read models answer them: the public timeline's pages (kept in
 * memory, see timeline-pages.ts), its newest and trending songs, a person's own and liked songs, one song for one viewer, and every
 * public song a page at a time (for the sitemap). Each read first waits for this process's own writes
 * (own-writes.ts), so whoever changed a song sees the change.
 */
export class SongReads extends Context.Tag("@melody/projections/SongReads")<
  SongReads,
  {
    readonly publicSongs: (query: PublicQuery) => Effect.Effect<PublicSongs>
    /** Public songs, the newest first. */
    readonly newestSongs: (query: ListQuery) => Effect.Effect<ReadonlyArray<SongView>>
    /**
     * Public songs most liked and played in the last week, recent days counting most, in an order up to
     * `TRENDING_REFRESH_SECONDS` old (see trending-order.ts).
     */
    readonly trendingSongs: (query: ListQuery) => Effect.Effect<ReadonlyArray<SongView>>
    /**
     * Names what the public pages read; its listing changes only when a song joins or leaves them (see
     * timeline-pages.ts).
     */
    readonly publicStamp: Effect.Effect<ReadStamp>
    /** Names what Trending's pages read: the timeline's stamp and the order they are cut from. */
    readonly trendingStamp: Effect.Effect<ReadStamp>
    readonly mySongs: (userId: string) => Effect.Effect<ReadonlyArray<SongView>>
    readonly likedSongs: (userId: string) => Effect.Effect<ReadonlyArray<SongView>>
    /** The song, if this viewer (or nobody) may see it: its owner, or anyone once it is public. */
    readonly song: (
      songId: string,
      viewerId: string | undefined,
    ) => Effect.Effect<SongView, NotFound>
    /** The song's plays on each of the last 30 days, for its owner only. */
    readonly dailyPlays: (songId: string, ownerId: string) => Effect.Effect<DailyPlays, NotFound>
    readonly publicSongCount: Effect.Effect<number>
    /** Public songs in a stable order, `limit` of them from `offset`: what a sitemap lists. */
    readonly listedSongs: (
      offset: number,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<ListedSong>>
  }
>() {
  static readonly live = Layer.effect(
    SongReads,
    Effect.gen(function* () {
      const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups | EventStore>()
      const timelinePages = yield* makeTimelinePages({ capacity: 2_000, songCapacity: 100_000 })
      const ownWrites = yield* makeOwnWritesWait([library, timeline], timelinePages.refresh)
      const trendingOrder = yield* makeTrendingOrder
      const read = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient | EventWakeups>) =>
        Effect.zipRight(ownWrites, Effect.provide(effect, context))

      // The timeline hands out the same page object to every anonymous reader, and the same song
      // objects to every page that lists them: each is converted once.
      const viewOfRow = oncePerObject(toView)
      const publicView = oncePerObject(
        (page: PublicPage) =>
          new PublicSongs(
            { songs: page.songs.map(viewOfRow), total: page.total, snapshot: page.snapshot },
            true,
          ),
      )

      const publicStamp = Effect.zipRight(ownWrites, timelinePages.stamp)

      return SongReads.of({
        publicSongs: (query) => read(Effect.map(timelinePages.page(query), publicView)),
        publicStamp,
        trendingStamp: Effect.zipWith(
          publicStamp,
          trendingOrder.ranking,
          (stamp, ranking): ReadStamp => ({ ...stamp, state: `${stamp.state} ${ranking}` }),
        ),
        newestSongs: (query) =>
          read(Effect.map(readNewestSongs(query), (rows) => rows.map(toView))),
        trendingSongs: (query) =>
          read(
            trendingOrder.order.pipe(
              Effect.flatMap((order) => readTrendingSongs(order, query)),
              Effect.map((rows) => rows.map(toView)),
            ),
          ),
        mySongs: (userId) =>
          read(Effect.map(readOwnedSongs(userId, userId), (rows) => rows.map(toView))),
        likedSongs: (userId) =>
          read(Effect.map(readLikedSongs(userId), (rows) => rows.map(toView))),
        song: (songId, viewerId) =>
          read(readLibrarySong(songId, viewerId)).pipe(
            Effect.flatMap((row) =>
              row && (row.shown || row.ownerId === viewerId)
                ? Effect.succeed(toView(row))
                : Effect.fail(notFound),
            ),
          ),
        dailyPlays: (songId, ownerId) =>
          read(readLibrarySong(songId, ownerId)).pipe(
            Effect.flatMap((row) =>
              row?.ownerId === ownerId
                ? read(readLibraryDailyPlays(songId))
                : Effect.fail(notFound),
            ),
            Effect.map(
              (days) =>
                new DailyPlays({ days: days.map((day) => new DayOfPlays(day, true)) }, true),
            ),
          ),
        publicSongCount: read(countPublicSongs),
        listedSongs: (offset, limit) => read(readPublicSongs(offset, limit)),
      })
    }),
  )
}
