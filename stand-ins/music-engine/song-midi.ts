import { type MidiEvent, writeMidi } from "midi-file"
import type { Arrangement } from "./arrangement.ts"
import type { Mode } from "./harmony.ts"
import { atStart, notesOn, type Timed, tickOf, ticksPerBeat, trackOf } from "./midi-track.ts"
import { channel } from "./score.ts"
import { type SungWords, vocalTrack } from "./vocal-midi.ts"

export type { SungWords } from "./vocal-midi.ts"

const partNames: Record<number, string> = {
  [channel.comp]: "Harmony",
  [channel.comp2]: "Harmony 2",
  [channel.pad]: "Pad",
  [channel.bass]: "Bass",
  [channel.lead]: "Lead",
  [channel.drums]: "Drums",
}

/** "Intro", "Verse 1", "Chorus 1", "Verse 2": numbered where a kind comes more than once. */
const namesOf = (kinds: ReadonlyArray<string>) => {
  const seen = new Map<string, number>()
  return kinds.map((kind) => {
    const number = (seen.get(kind) ?? 0) + 1
    seen.set(kind, number)
    const name = kind.charAt(0).toUpperCase() + kind.slice(1)
    return kinds.filter((other) => other === kind).length > 1 ? `${name} ${number}` : name
  })
}

/** Sharps (positive) or flats of the key whose tonic is `tonic` (0 = C), as a key signature counts them. */
const sharpsOf = (tonic: number, mode: Mode) => {
  const major = mode === "major" ? tonic : (tonic + 3) % 12
  const byTonic = [0, -5, 2, -3, 4, -1, 6, 1, -4, 3, -2, 5]
  return byTonic[major]!
}

export interface SongMidiInput {
  readonly title: string
  readonly arrangement: Arrangement
  readonly tonic: number
  readonly mode: Mode
  /** The words of each of the arrangement's lines; none for an instrumental. */
  readonly lines: ReadonlyArray<SungWords>
}

/**
 * The whole song as a Standard MIDI File (format 1) for a DAW or a karaoke player: a conductor track
 * (title, tempo, 4/4, key, a marker per section), one track per band part with its General MIDI program
 * (drums on channel 10), and the sung tune with each syllable as a lyric event on its note.
 */
export const songMidi = ({ title, arrangement, tonic, mode, lines }: SongMidiInput) => {
  const sectionNames = namesOf(arrangement.sections.map((section) => section.kind))
  const microsecondsPerBeat = Math.round(60_000_000 / arrangement.bpm)
  const barBeat = (bar: number) => bar * 4 + arrangement.leadBeats
  const conductor: Array<Timed> = [
    atStart({ meta: true, type: "trackName", text: title }),
    atStart({ meta: true, type: "setTempo", microsecondsPerBeat }),
    atStart({
      meta: true,
      type: "timeSignature",
      numerator: 4,
      denominator: 4,
      metronome: 24,
      thirtyseconds: 8,
    }),
    atStart({
      meta: true,
      type: "keySignature",
      key: sharpsOf(tonic, mode),
      scale: mode === "minor" ? 1 : 0,
    }),
    ...arrangement.sections.map((section, i) => ({
      tick: tickOf(barBeat(section.startBar)),
      order: 1,
      event: {
        deltaTime: 0,
        meta: true,
        type: "marker",
        text: sectionNames[i] ?? section.kind,
      } as MidiEvent,
    })),
  ]
  const parts = arrangement.channels.flatMap((setup) => {
    const notes = arrangement.notes.filter((note) => note.channel === setup.channel)
    if (notes.length === 0) return []
    const ch = setup.channel
    return [
      trackOf([
        atStart({ meta: true, type: "trackName", text: partNames[ch] ?? `Part ${ch + 1}` }),
        atStart({ type: "programChange", channel: ch, programNumber: setup.program & 127 }),
        atStart({ type: "controller", channel: ch, controllerType: 7, value: setup.volume }),
        atStart({ type: "controller", channel: ch, controllerType: 10, value: setup.pan }),
        ...notesOn(ch, notes),
      ]),
    ]
  })
  const sung = lines.some((words) => words.length > 0) ? vocalTrack(arrangement, lines) : []
  return Uint8Array.from(
    writeMidi({
      header: { format: 1, numTracks: 1 + parts.length + (sung.length > 0 ? 1 : 0), ticksPerBeat },
      tracks: [trackOf(conductor), ...parts, ...(sung.length > 0 ? [sung] : [])],
    }),
  )
}
