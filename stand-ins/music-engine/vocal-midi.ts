import type { Arrangement } from "./arrangement.ts"
import type { SpokenLine } from "./festival.ts"
import { atStart, notesOn, type Timed, tickOf, trackOf } from "./midi-track.ts"
import { syllableTexts } from "./syllable-text.ts"

/** The sung tune's channel: one the band leaves free, with General MIDI's "Voice Oohs". */
const vocalChannel = 5
const voiceOohs = 53
/** A rapped syllable keeps its spoken pitch, which a score cannot hold: it sits on middle C. */
const rappedPitch = 60

/** A sung line's words as Festival spoke them: each with its syllable count. */
export type SungWords = ReadonlyArray<{ readonly text: string; readonly syllables: number }>

/** The tune as sung, each note carrying its syllable: "gol-", "den " (a space ends a word). */
export const vocalTrack = (arrangement: Arrangement, lines: ReadonlyArray<SungWords>) => {
  const texts = lines.map((words) => words.map((word) => syllableTexts(word.text, word.syllables)))
  const events: Array<Timed> = [
    atStart({ meta: true, type: "trackName", text: "Vocals" }),
    atStart({ type: "programChange", channel: vocalChannel, programNumber: voiceOohs }),
  ]
  for (const note of arrangement.vocal) {
    const pieces = texts[note.line]?.[note.word]
    const piece = pieces?.[note.syllable]
    if (piece === undefined || pieces === undefined) continue
    const last = note.syllable === pieces.length - 1
    const tick = tickOf(note.beat)
    events.push(
      {
        tick,
        order: 2,
        event: { deltaTime: 0, meta: true, type: "lyrics", text: last ? `${piece} ` : `${piece}-` },
      },
      ...notesOn(vocalChannel, [{ ...note, pitch: note.pitch ?? rappedPitch, velocity: 96 }]),
    )
  }
  return trackOf(events)
}

/**
 * A sung line's words with the syllables Festival gave each, spelled as written where the words match
 * one for one ("We'll", not Festival's "we'll"); Festival's own spelling otherwise (it spells numbers out).
 */
export const writtenWords = (text: string, spoken: SpokenLine | undefined): SungWords => {
  if (!spoken) return []
  const written = text
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, ""))
    .filter((word) => word !== "")
  const same = written.length === spoken.words.length
  return spoken.words.map((word, i) => ({
    text: same ? written[i]! : word.text,
    syllables: word.syllables.length,
  }))
}
