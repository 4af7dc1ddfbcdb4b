import type { MusicMakerName } from "#events/contracts/media.ts"
import type { SongOperation } from "#events/contracts/song-operations.ts"
import { engineRules } from "./engine-rules.ts"
import type { MakerRules } from "./maker-rules.ts"
import { musicApiRules } from "./music-api-rules.ts"

/** What each maker declares it can do: the screens offer its operations, the API refuses the rest. */
export const makerRules: Record<MusicMakerName, MakerRules> = {
  engine: engineRules,
  "music-api": musicApiRules,
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
  restyle: "restyle",
}
