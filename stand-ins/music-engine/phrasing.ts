import type { Random } from "./seeded-random.ts"
import type { SyllableShape } from "./syllables.ts"

/** The rhythm of one lyric line: where each syllable starts and how long it lasts, in 16ths. */
export interface Phrase {
  readonly starts: ReadonlyArray<number>
  readonly lengths: ReadonlyArray<number>
  readonly bars: number
}

const startsOf = (first: number, lengths: ReadonlyArray<number>) => {
  const starts: Array<number> = []
  let at = first
  for (const length of lengths) {
    starts.push(at)
    at += length
  }
  return starts
}

/**
 * A sung line on the 16th grid, in 2 bars (more for long lines). Stressed syllables get the long notes
 * (and in some phrases a dotted lilt), the last syllable is held, and what is left over becomes a pickup
 * rest before the line.
 */
export const singPhrase = (syllables: ReadonlyArray<SyllableShape>, random: Random): Phrase => {
  const count = syllables.length
  const dotted = random.chance(0.55)
  for (let bars = 2; ; bars += 2) {
    const budget = bars * 16 - 3
    const lengths = syllables.map(() => 2)
    let sum = 2 * count
    for (let j = count - 2; j >= 0 && sum > budget; j--) {
      if (syllables[j]!.stress === 0) {
        lengths[j] = 1
        sum--
      }
    }
    for (let j = count - 2; j >= 0 && sum > budget; j--) {
      if (lengths[j] === 2) {
        lengths[j] = 1
        sum--
      }
    }
    if (sum > budget && bars < 8) continue
    let spare = budget - sum
    if (dotted) {
      for (let j = 0; j < count - 2; j++) {
        const lilts =
          syllables[j]!.stress > 0 &&
          syllables[j + 1]!.stress === 0 &&
          lengths[j] === 2 &&
          lengths[j + 1] === 2
        if (lilts) {
          lengths[j] = 3
          lengths[j + 1] = 1
          j++
        }
      }
    }
    const held = Math.min(spare, count <= 6 ? 8 : 6)
    lengths[count - 1]! += held
    spare -= held
    // Stressed syllables grow to quarter notes first, from the end of the line backwards.
    let grew = true
    while (spare >= 2 && grew) {
      grew = false
      for (let j = count - 2; j >= 0 && spare >= 2; j--) {
        if (syllables[j]!.stress > 0 && lengths[j]! < 4) {
          lengths[j]! += 2
          spare -= 2
          grew = true
        }
      }
      if (!grew) {
        for (let j = count - 2; j >= 0 && spare >= 2; j--) {
          if (lengths[j]! < 4) {
            lengths[j]! += 2
            spare -= 2
            grew = true
          }
        }
      }
    }
    return { starts: startsOf(Math.min(6, spare - (spare % 2)), lengths), lengths, bars }
  }
}

/** A rapped line: syllables on the 16th grid, stressed ones a little longer, one to four bars. */
export const rapPhrase = (syllables: ReadonlyArray<SyllableShape>): Phrase => {
  const count = syllables.length
  const bars = count <= 13 ? 1 : count <= 27 ? 2 : 4
  const budget = bars * 16 - 2
  const lengths: Array<number> = syllables.map((syllable) => (syllable.stress > 0 ? 2 : 1))
  let sum = lengths.reduce((a, b) => a + b, 0)
  for (let j = count - 1; j >= 0 && sum > budget; j--) {
    if (lengths[j] === 2) {
      lengths[j] = 1
      sum--
    }
  }
  let spare = budget - sum
  for (let j = 0; j < count && spare > 0; j++) {
    if (syllables[j]!.stress > 0 && lengths[j] === 2) {
      lengths[j] = 3
      spare--
    }
  }
  lengths[count - 1]! += Math.min(spare, 3)
  return { starts: startsOf(0, lengths), lengths, bars }
}
