import type { Readable } from "node:stream"
import { Context, Data, type Effect } from "effect"
import type { CoverWidth } from "#events/contracts/cover-widths.ts"
import type { PublicPage, PublicQuery, SongRow } from "#events/contracts/song-rows.ts"
import type { Position } from "#events/store/index.ts"
import type { ByteRange } from "#toolkit/file-response.ts"

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

export class AudioConversionFailed extends Data.TaggedError("AudioConversionFailed")<{
  readonly reason: string
}> {}

/** The files behind songs, declared here and served by media's storage (the app wires it). */
export class SongFiles extends Context.Tag("@melody/catalog/SongFiles")<
  SongFiles,
  {
    readonly stat: (
      key: string,
    ) => Effect.Effect<{ readonly size: number; readonly contentType: string } | undefined>
    readonly read: (key: string, range?: ByteRange) => Effect.Effect<Readable>
    /** Where the browser can fetch the file itself, if the store has such an address. */
    readonly directUrl: (key: string, downloadName?: string) => Effect.Effect<string | undefined>
    /** The 16-bit PCM WAV of an audio file, converted once and kept. */
    readonly wav: (key: string) => Effect.Effect<string, AudioConversionFailed>
    /** The WAV of an audio file if it is kept already: serving it converts nothing. */
    readonly keptWav: (key: string) => Effect.Effect<string | undefined>
    /** A cover's copy at a smaller width (WebP), made once and kept; undefined when it cannot be made. */
    readonly sizedCover: (key: string, width: CoverWidth) => Effect.Effect<string | undefined>
    /** A cover's copy at a smaller width if it is kept already: serving it makes nothing. */
    readonly keptSizedCover: (key: string, width: CoverWidth) => Effect.Effect<string | undefined>
  }
>() {}
