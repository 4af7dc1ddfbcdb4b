import { Context, type Effect } from "effect"
import type { PublicPage, PublicQuery, SongRow } from "#events/contracts/song-rows.ts"
import type { Position } from "#events/store/index.ts"

/**
 * The catalog's read side, declared here and served by the library and timeline projections (the app
 * wires them). `caughtUp` waits until the projections hold a write, so its author sees it at once.
 */
export class CatalogReads extends Context.Tag("@melody/catalog/CatalogReads")<
  CatalogReads,
  {
    readonly publicPage: (query: PublicQuery) => Effect.Effect<PublicPage>
    readonly ownedBy: (ownerId: string) => Effect.Effect<ReadonlyArray<SongRow>>
    readonly likedBy: (userId: string) => Effect.Effect<ReadonlyArray<SongRow>>
    readonly song: (
      songId: string,
      viewerId: string | undefined,
    ) => Effect.Effect<SongRow | undefined>
    readonly caughtUp: (position: Position) => Effect.Effect<void>
    /** Changes whenever a public page could read differently; at most 100 ms late (see timeline-pages.ts). */
    readonly publicVersion: Effect.Effect<string>
    readonly publicSongCount: Effect.Effect<number>
    /** Public songs in a stable order, `limit` of them from `offset`: what a sitemap lists. */
    readonly publicSongs: (
      offset: number,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<{ readonly songId: string; readonly createdAt: Date }>>
  }
>() {}
