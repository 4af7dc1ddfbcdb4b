import type { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { awaitPosition, type EventWakeups } from "#events/store/index.ts"
import { AudioConversionFailed, CatalogReads, SongFiles } from "#modules/catalog/index.ts"
import { MediaStorage, WavConverter } from "#modules/media/index.ts"
import { library, readLibrarySong, readOwnedSongs } from "#projections/library.ts"
import { projectionSubscriptionName } from "#projections/runner.ts"
import { timeline } from "#projections/timeline.ts"
import { makeTimelinePages } from "#projections/timeline-pages.ts"
import { readLikedSongs } from "#projections/timeline-reads.ts"

/** The catalog's reads, served by the library and timeline projections. */
export const CatalogReadsLive = Layer.effect(
  CatalogReads,
  Effect.gen(function* () {
    const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups>()
    const run = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient | EventWakeups>) =>
      Effect.provide(effect, context)
    const timelinePages = yield* makeTimelinePages({ capacity: 2_000, songCapacity: 100_000 })
    return CatalogReads.of({
      publicPage: timelinePages.page,
      publicVersion: timelinePages.version,
      ownedBy: (ownerId) => run(readOwnedSongs(ownerId, ownerId)),
      likedBy: (userId) => run(readLikedSongs(userId)),
      song: (songId, viewerId) => run(readLibrarySong(songId, viewerId)),
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

/** The files behind songs, from media's storage. */
export const SongFilesLive = Layer.effect(
  SongFiles,
  Effect.gen(function* () {
    const storage = yield* MediaStorage
    const converter = yield* WavConverter
    return SongFiles.of({
      stat: (key) => storage.stat(key).pipe(Effect.orElseSucceed(() => undefined)),
      read: (key, range) => storage.read(key, range).pipe(Effect.orDie),
      directUrl: (key, downloadName) => storage.directUrl(key, downloadName).pipe(Effect.orDie),
      wav: (key) =>
        converter
          .toWav(key)
          .pipe(Effect.mapError((error) => new AudioConversionFailed({ reason: error.reason }))),
    })
  }),
)
