/** FNV-1a, 32 bits: turns the song's inputs into a seed. */
export const hashString = (text: string): number => {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 16777619) >>> 0
  }
  return hash >>> 0
}

/**
 * mulberry32. Every choice the engine makes draws from one of these, never from `Math.random`, so the same
 * inputs and seed give the same bytes.
 */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9
  }

  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  between(low: number, high: number): number {
    return low + (high - low) * this.next()
  }

  /** An integer in [low, high], both included. */
  integer(low: number, high: number): number {
    return low + Math.floor(this.next() * (high - low + 1))
  }

  pick<T>(items: ReadonlyArray<T>): T {
    return items[Math.floor(this.next() * items.length)]!
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  /** An independent stream: more draws in one part of the song do not shift the choices of another. */
  fork(label: string): Random {
    return new Random(hashString(label) ^ Math.floor(this.next() * 4294967296))
  }
}
