import type { Reshaping } from "#events/contracts/song-operations.ts"

/**
 * What a person reads when a paid song fails in its maker: a sentence of ours for what was asked, never
 * the maker's words (the error stream keeps those for admins); the status check adds the refund.
 */
export const failedSentence = (reshaping: Reshaping | null) => {
  switch (reshaping?._tag) {
    case undefined:
      return "The song could not be made."
    case "extend":
      return "The song could not be extended."
    case "replace-section":
      return "The section could not be replaced."
    case "restyle":
      return "The song could not be restyled."
  }
}
