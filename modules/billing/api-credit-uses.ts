import type { CreditUse } from "#events/contracts/song-operations.ts"

/** Each use's name, as Usage History and the buttons say it. */
export const creditUseNames: Record<CreditUse, string> = {
  generation: "Song generation",
  extend: "Extend",
  "replace-section": "Replace a section",
  restyle: "Restyle",
  stems: "Stems",
}
