import type { Chord } from "./harmony.ts"
import type { Play } from "./score.ts"
import type { Random } from "./seeded-random.ts"
import type { Style } from "./style.ts"

/** An open guitar shape: the root low (E2..D#3), its fifth, then chord tones stacked to five strings. */
const guitarShape = (chord: Chord) => {
  const root = 40 + ((chord.root - 4 + 12) % 12)
  const shape = [root, root + 7]
  let note = root + 7
  const tones = chord.tones.slice(0, 3)
  while (shape.length < 5) {
    note++
    if (tones.includes(note % 12)) shape.push(note)
  }
  return shape
}

/** One bar of the chord instrument, in the pattern the style plays. */
export const comp = (
  play: Play,
  style: Style,
  voicing: ReadonlyArray<number>,
  chord: Chord,
  barBeat: number,
  random: Random,
  on: number,
) => {
  // A strum sounds its strings one after another: down from the lowest, up from the highest.
  const chordAt = (
    beat: number,
    beats: number,
    pitches: ReadonlyArray<number>,
    velocity: number,
    strum = 0,
  ) =>
    pitches.forEach((pitch, i) => {
      const order = strum > 0 ? i : pitches.length - 1 - i
      const offset = strum === 0 ? 0 : order * 0.018
      play(on, barBeat + beat + offset, beats, pitch, velocity - (strum < 0 ? 12 : 0))
    })
  const [root = 60, second = 64, third = 67] = voicing
  switch (style.compStyle) {
    case "strum": {
      const shape = guitarShape(chord)
      const strokes: ReadonlyArray<readonly [number, number]> = [
        [0, 1],
        [1, 1],
        [1.5, -1],
        [2.5, -1],
        [3, 1],
        [3.5, -1],
      ]
      // Up-strokes catch only the three treble strings, as a strumming hand does.
      for (const [beat, direction] of strokes)
        chordAt(
          beat,
          0.5,
          direction > 0 ? shape : shape.slice(2),
          direction > 0 ? 84 : 70,
          direction,
        )
      return
    }
    case "block":
      chordAt(0, 1.5, voicing, 80)
      chordAt(1.5, 0.5, voicing, 66)
      chordAt(2, 1.5, voicing, 76)
      chordAt(3.5, 0.5, voicing, 64)
      play(on, barBeat, 2, root - 12, 70)
      return
    case "arp": {
      const pattern = [root - 12, second - 12, root, second, third, second, root, second - 12]
      pattern.forEach((pitch, i) => {
        play(on, barBeat + i * 0.5, 0.9, pitch, i === 0 ? 78 : 62)
      })
      return
    }
    case "stabs":
      chordAt(0, 0.4, voicing, 74)
      chordAt(1.5, 0.3, voicing, 60)
      chordAt(2.75, 0.3, voicing, 66)
      return
    case "jazz": {
      // Charleston, or its anticipated variant, bar by bar.
      const hits = random.chance(0.5)
        ? [
            [0, 0.6],
            [1.5, 0.4],
          ]
        : [
            [0.5, 0.4],
            [2, 0.9],
            [3.5, 0.4],
          ]
      for (const [beat = 0, beats = 0] of hits) chordAt(beat, beats, voicing, 66)
      return
    }
    case "lofi":
      chordAt(0, 2.8, voicing, 66, 1)
      chordAt(2.5, 1.4, voicing, 54, 1)
      return
    case "power": {
      const low = 40 + ((chord.root - 4 + 12) % 12)
      for (let i = 0; i < 8; i++)
        chordAt(i * 0.5, 0.45, [low, low + 7, low + 12], i % 2 === 0 ? 86 : 72)
      return
    }
  }
}
