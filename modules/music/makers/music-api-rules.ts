import { SongOperation } from "#events/contracts/song-operations.ts"
import type { MakerRules } from "./maker-rules.ts"

/**
 * The music API does every operation on our stored copy of a version, which it fetches by a signed link.
 * It sings words in any script, continues a song from a point after its start, and sings again 6 to 60
 * seconds at a time.
 */
export const musicApiRules: MakerRules = {
  operations: SongOperation.literals,
  sings: (line) => /[\p{L}\p{N}]/u.test(line),
  cannotSing:
    "These lyrics have no words the music API can sing: write at least one line of words.",
  refusal: (reshaping) => {
    switch (reshaping._tag) {
      case "extend":
        return reshaping.atMs < 1000
          ? "The music API continues a song from a point after its start: choose a later one."
          : undefined
      case "replace-section": {
        const length = reshaping.endMs - reshaping.startMs
        return length < 6000 || length > 60_000
          ? "The music API replaces 6 to 60 seconds at a time."
          : undefined
      }
      case "restyle":
        return undefined
    }
  },
}
