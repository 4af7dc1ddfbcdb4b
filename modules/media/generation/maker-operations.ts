import type { MusicMakerName } from "#events/contracts/media.ts"
import type { SongOperation } from "#events/contracts/song-operations.ts"
import { engineOperations } from "./engine-maker.ts"
import { musicApiOperations } from "./music-api-maker.ts"

/** What each maker declares it can do to a song: the screens offer these, the API refuses the rest. */
export const makerOperations: Record<MusicMakerName, ReadonlyArray<SongOperation>> = {
  engine: engineOperations,
  "music-api": musicApiOperations,
}

/** How a refusal names the maker. */
export const makerNames: Record<MusicMakerName, string> = {
  engine: "The offline music engine",
  "music-api": "The music API",
}

/** How a refusal names the operation: "can't extend songs". */
export const operationVerbs: Record<SongOperation, string> = {
  extend: "extend",
  "replace-section": "replace a section of",
  restyle: "make a cover of",
}
