import { text } from "node:stream/consumers"
import { Effect } from "effect"
import { decodeSyncedLyricsJson } from "./api-synced-lyrics.ts"
import type { SongFiles } from "./song-files.ts"

/** A song's synced lyrics, as its maker kept them beside it (a small JSON file). */
export const readSyncedLyrics = (files: SongFiles["Type"], key: string) =>
  files.read(key).pipe(
    Effect.flatMap((stored) => Effect.promise(() => text(stored))),
    Effect.flatMap(decodeSyncedLyricsJson),
  )
