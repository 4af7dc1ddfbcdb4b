import { SongOperation } from "#events/contracts/song-operations.ts"
import { clockAtOrAfter, type MakerRules } from "./maker-rules.ts"

/**
 * The offline engine does every operation to a song it made. It joins new music to a song at a bar line,
 * crossfading from the bar before, so it continues or replaces from its first bar line on; and Festival
 * says words in Latin letters and digits only (a line of anything else is silence).
 */
export const engineRules: MakerRules = {
  operations: SongOperation.literals,
  sings: (line) => /[a-z0-9]/i.test(line.normalize("NFD")),
  cannotSing:
    "The offline music engine sings words in Latin letters or digits, and these lyrics have none: write at least one line of them.",
  refusal: (reshaping, facts) => {
    // Facts time bar lines to the millisecond.
    const beforeFirstBar = (ms: number) => facts !== undefined && ms + 1 < facts.barMs
    switch (reshaping._tag) {
      case "extend":
        return beforeFirstBar(reshaping.atMs)
          ? `The offline music engine continues a song from its first bar line on: choose a point at ${clockAtOrAfter(facts!.barMs)} or later.`
          : undefined
      case "replace-section":
        return beforeFirstBar(reshaping.startMs)
          ? `The offline music engine replaces from its first bar line on: start the stretch at ${clockAtOrAfter(facts!.barMs)} or later.`
          : undefined
      case "restyle":
        return undefined
    }
  },
}
