import type { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { PublicPage, PublicQuery, SongRow } from "#events/contracts/song-rows.ts"
import { awaitPosition, type EventWakeups, type Position } from "#events/store/index.ts"
import { library, readLibrarySong, readOwnedSongs } from "./library.ts"
import { projectionSubscriptionName } from "./runner.ts"
import { countPublicSongs, type ListedSong, readPublicSongs } from "./sitemap-reads.ts"
import { timeline } from "./timeline.ts"
import { makeTimelinePages } from "./timeline-pages.ts"
import { readLikedSongs } from "./timeline-reads.ts"

/**
 * Songs as the library and timeline read models answer them: the public timeline's pages (kept in
 * memory, see timeline-pages.ts), a person's own and liked songs, one song for one viewer, every public
 * song a page at a time (for the sitemap), and a wait until both models hold a write, so its author sees
 * it at once.
 */
export class SongReads extends Context.Tag("@melody/projections/SongReads")<
  SongReads,
  {
    readonly publicPage: (query: PublicQuery) => Effect.Effect<PublicPage>
    readonly publicVersion: Effect.Effect<string>
    readonly ownedBy: (ownerId: string) => Effect.Effect<ReadonlyArray<SongRow>>
    readonly likedBy: (userId: string) => Effect.Effect<ReadonlyArray<SongRow>>
    readonly song: (
      songId: string,
      viewerId: string | undefined,
    ) => Effect.Effect<SongRow | undefined>
    readonly caughtUp: (position: Position) => Effect.Effect<void>
    readonly publicSongCount: Effect.Effect<number>
    readonly publicSongs: (
      offset: number,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<ListedSong>>
  }
>() {
  static readonly live = Layer.effect(
    SongReads,
    Effect.gen(function* () {
      const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups>()
      const run = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient | EventWakeups>) =>
        Effect.provide(effect, context)
      const timelinePages = yield* makeTimelinePages({ capacity: 2_000, songCapacity: 100_000 })
      return SongReads.of({
        publicPage: timelinePages.page,
        publicVersion: timelinePages.version,
        ownedBy: (ownerId) => run(readOwnedSongs(ownerId, ownerId)),
        likedBy: (userId) => run(readLikedSongs(userId)),
        song: (songId, viewerId) => run(readLibrarySong(songId, viewerId)),
        publicSongCount: run(countPublicSongs),
        publicSongs: (offset, limit) => run(readPublicSongs(offset, limit)),
        caughtUp: (position) =>
          run(
            Effect.forEach(
              [library, timeline],
              (projection) => awaitPosition(projectionSubscriptionName(projection), position),
              { discard: true },
            ).pipe(Effect.zipRight(timelinePages.refresh), Effect.orDie),
          ),
      })
    }),
  )
}
