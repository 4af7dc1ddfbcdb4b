import type { Reshaping, SongOperation } from "#events/contracts/song-operations.ts"
import type { RenderFacts } from "../ports.ts"

/**
 * What a maker can do, declared beside it and checked before a request is paid: a request it could not
 * make is refused with its rule's sentence instead of being charged, then failing.
 */
export interface MakerRules {
  /** The operations it can do to a song. */
  readonly operations: ReadonlyArray<SongOperation>
  /** Whether it can sing this line (its section tags taken out). */
  readonly sings: (line: string) => boolean
  /** What it says of lyrics with words, none of which it can sing. */
  readonly cannotSing: string
  /** Why it cannot do this operation to a song with these facts (where known), or undefined. */
  readonly refusal: (reshaping: Reshaping, facts: RenderFacts | undefined) => string | undefined
}

/** "2:31", how a refusal names a point in the song. */
export const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`
}

/** The first whole second at or after `ms`, as a refusal names it. */
export const clockAtOrAfter = (ms: number) => clock(Math.ceil(ms / 1000) * 1000)
