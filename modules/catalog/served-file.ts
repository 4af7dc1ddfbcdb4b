import { Effect } from "effect"
import type { NotFound } from "#api/refusals.ts"
import { fileResponse } from "#toolkit/file-response.ts"
import type { SongFiles } from "./song-files.ts"

/** A stored file of a visible song as HTTP serves it, ranges and all; `notFound` when there is none. */
export const servedFile =
  (files: SongFiles["Type"], notFound: NotFound) =>
  (key: string | null, rangeHeader: string | undefined, downloadName: string | undefined) =>
    Effect.gen(function* () {
      const file = key === null ? undefined : yield* files.stat(key)
      if (key === null || file === undefined) return yield* notFound
      return yield* fileResponse({
        ...file,
        rangeHeader,
        open: (range) => files.read(key, range),
        downloadName,
        directUrl: files.directUrl(key, downloadName),
      })
    })
