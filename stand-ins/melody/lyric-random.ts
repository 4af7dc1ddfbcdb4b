/**
 * A small seeded generator, so the same request always yields the same song: the offline writer must
 * never read Math.random or the clock.
 */

export interface Random {
  /** A number in [0, 1). */
  readonly next: () => number
  /** An integer in [0, size). */
  readonly below: (size: number) => number
  readonly pick: <A>(items: ReadonlyArray<A>) => A | undefined
  /** A shuffled copy; the input is left alone. */
  readonly shuffle: <A>(items: ReadonlyArray<A>) => Array<A>
}

/** FNV-1a over UTF-16 code units, with a final avalanche so near-identical texts land far apart. */
export const hashText = (text: string): number => {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  return hash >>> 0
}

/** mulberry32: tiny, fast, and well distributed for picking lines. */
export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = state
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
  const below = (size: number): number => Math.floor(next() * Math.max(0, size))
  const shuffle = <A>(items: ReadonlyArray<A>): Array<A> => {
    const copy = [...items]
    for (let index = copy.length - 1; index > 0; index--) {
      const other = below(index + 1)
      const here = copy[index] as A
      copy[index] = copy[other] as A
      copy[other] = here
    }
    return copy
  }
  const pick = <A>(items: ReadonlyArray<A>): A | undefined => items[below(items.length)]
  return { next, below, pick, shuffle }
}
