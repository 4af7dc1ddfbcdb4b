import type { BassStyle } from "./genres.ts"
import type { Chord } from "./harmony.ts"
import { channel, type Play } from "./score.ts"
import type { Random } from "./seeded-random.ts"

/** The chord's root low on the bass: G1..G2. */
export const bassNote = (pitchClass: number) => {
  const note = 36 + pitchClass
  return note > 43 ? note - 12 : note
}

/** One bar of bass; the walking line leads into the next bar's chord by a half step. */
export const bassLine = (
  play: Play,
  style: BassStyle,
  chord: Chord,
  next: Chord,
  barBeat: number,
  random: Random,
) => {
  const root = bassNote(chord.root)
  const fifth = root + 7
  const note = (beat: number, beats: number, pitch: number, velocity: number) =>
    play(channel.bass, barBeat + beat, beats, pitch, velocity)
  switch (style) {
    case "pop":
      note(0, 0.9, root, 96)
      note(1.5, 0.45, root, 80)
      note(2, 0.9, root, 90)
      note(3, 0.45, fifth, 78)
      note(3.5, 0.45, root + 12, 74)
      return
    case "root8":
      for (let i = 0; i < 8; i++)
        note(i * 0.5, 0.42, i === 7 && random.chance(0.5) ? fifth : root, i % 2 ? 78 : 92)
      return
    case "808":
      note(0, 1.6, root, 100)
      note(1.75, 0.5, root, 84)
      note(2.5, 1.2, random.chance(0.3) ? root + 12 : root, 92)
      return
    case "lofi":
      note(0, 1.4, root, 88)
      note(1.5, 0.5, fifth, 70)
      note(2.5, 1.2, root, 82)
      return
    case "sustain":
      note(0, 3.9, root + 12 <= 55 ? root + 12 : root, 84)
      return
    case "walking": {
      const third = root + (((chord.tones[1] ?? chord.root) - chord.root + 12) % 12)
      const approach = bassNote(next.root) + (random.chance(0.5) ? 1 : -1)
      const line = [
        root,
        random.chance(0.5) ? third : fifth,
        random.chance(0.5) ? fifth : third,
        approach,
      ]
      line.forEach((pitch, i) => {
        note(i, 0.92, pitch, i === 0 ? 92 : 80)
      })
      return
    }
  }
}
