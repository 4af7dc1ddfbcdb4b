import type { FormSection } from "./arrangement.ts"
import { type Chord, notesIn } from "./harmony.ts"
import { channel, type NoteEvent, type VocalNote } from "./score.ts"
import type { Style } from "./style.ts"

/**
 * The lead instrument: the whole tune in an instrumental; otherwise the chorus hook in the intro (an
 * octave up for a male voice), or for rap a 2-bar riff of chord tones in the intro, breaks and outro.
 */
export const leadPart = (
  style: Style,
  vocal: ReadonlyArray<VocalNote>,
  sections: ReadonlyArray<FormSection>,
  chords: ReadonlyArray<Chord>,
  introBars: number,
): ReadonlyArray<NoteEvent> => {
  const lead = (beat: number, beats: number, pitch: number, velocity: number): NoteEvent => ({
    channel: channel.lead,
    beat,
    beats,
    pitch,
    velocity,
  })
  if (style.vocals === null) {
    return vocal.flatMap((note) =>
      note.pitch === null ? [] : [lead(note.beat, note.beats * 0.95, note.pitch, 88)],
    )
  }
  if (style.vocals.delivery === "rap") {
    const riff = [0, 3, 6, 10, 12]
    return sections
      .filter(
        (section) =>
          section.kind === "intro" || section.kind === "break" || section.kind === "outro",
      )
      .flatMap((section) => {
        const lastBar = section.startBar + section.bars - (section.kind === "outro" ? 1 : 0)
        const notes: Array<NoteEvent> = []
        for (let b = section.startBar; b < lastBar; b++) {
          const tones = notesIn(chords[b]!.tones, 72, 86)
          riff.forEach((step, i) => {
            notes.push(lead(b * 4 + step / 4, 0.45, tones[(i + b) % tones.length]!, 64))
          })
        }
        return notes
      })
  }
  const inChorus = (beat: number) =>
    sections.some(
      (s) => s.kind === "chorus" && beat >= s.startBar * 4 && beat < (s.startBar + s.bars) * 4,
    )
  const chorusNotes = vocal.filter((note) => note.pitch !== null && inChorus(note.beat))
  const first = chorusNotes[0]
  if (!first) return []
  const hookStart = first.beat - (first.beat % 8)
  const shift = style.vocals.voice === "male" ? 12 : 0
  return chorusNotes.flatMap((note) => {
    const beat = note.beat - hookStart
    return beat >= 0 && beat < introBars * 4 - 0.5
      ? [lead(beat, note.beats * 0.9, note.pitch! + shift, 72)]
      : []
  })
}
