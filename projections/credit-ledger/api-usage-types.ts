import type { CreditUse } from "#events/contracts/song-operations.ts"

/** Each use's type in Usage History. */
export const usageTypes = {
  generation: "song_generation",
  extend: "song_extend",
  "replace-section": "song_replace_section",
  restyle: "song_restyle",
  stems: "song_stems",
} as const satisfies Record<CreditUse, string>
