import { type MidiEvent, parseMidi, writeMidi } from "midi-file"
import { type Timed, ticksPerBeat, trackOf } from "./midi-track.ts"

/** A stretch of one render's MIDI file in a splice: the notes begun in [fromMs, toMs), moved by `shiftMs`. */
export interface MidiPiece {
  readonly midi: Uint8Array | null
  readonly fromMs: number
  readonly toMs: number
  readonly shiftMs: number
}

type Track = { readonly name: string; readonly setup: Array<Timed>; readonly events: Array<Timed> }

const nameOf = (events: ReadonlyArray<MidiEvent>) =>
  events.find((event) => event.type === "trackName")?.text ?? ""

const isNote = (event: MidiEvent) => event.type === "noteOn" || event.type === "noteOff"
const isTimed = (event: MidiEvent) =>
  isNote(event) || event.type === "lyrics" || event.type === "marker"
const isEnd = (event: MidiEvent) =>
  event.type === "noteOff" || (event.type === "noteOn" && event.velocity === 0)

/**
 * One track's notes, lyrics and markers begun in the window, moved; a note still sounding where the window
 * ends is ended there, as the audio is.
 */
const within = (events: ReadonlyArray<MidiEvent>, from: number, to: number, shift: number) => {
  const kept: Array<Timed> = []
  const sounding = new Set<string>()
  let tick = 0
  for (const event of events) {
    tick += event.deltaTime
    if (!isTimed(event)) continue
    const key = "noteNumber" in event ? `${event.channel}:${event.noteNumber}` : ""
    if (isNote(event) && isEnd(event)) {
      if (!sounding.delete(key)) continue
      kept.push({ tick: Math.min(tick, to) + shift, order: 1, event })
    } else if (tick >= from && tick < to) {
      if (event.type === "noteOn") sounding.add(key)
      kept.push({ tick: tick + shift, order: event.type === "noteOn" ? 3 : 2, event })
    }
  }
  return kept
}

/**
 * The MIDI file of a song spliced from pieces of renders, as it is heard: each track's notes (matched by
 * name) from each piece moved to where the piece is, the lyric events with their notes, the section
 * markers with their sections; the tempo, meter and key of the first piece, which every piece shares.
 * Null unless every piece has a MIDI file.
 */
export const splicedMidi = (title: string, bpm: number, pieces: ReadonlyArray<MidiPiece>) => {
  if (pieces.some((piece) => piece.midi === null)) return null
  const tickAt = (ms: number) =>
    Number.isFinite(ms) ? Math.round((ms / 60_000) * bpm * ticksPerBeat) : Number.POSITIVE_INFINITY
  const tracks: Array<Track> = []
  for (const piece of pieces) {
    parseMidi(piece.midi!).tracks.forEach((events, t) => {
      // The conductor is the first track of every file; the others are named by their part.
      const name = t === 0 ? "" : nameOf(events)
      let track = t === 0 ? tracks[0] : tracks.find((known, k) => k > 0 && known.name === name)
      if (!track) {
        const setup = events
          .filter((event) => !isTimed(event) && event.type !== "endOfTrack")
          .map((event) =>
            t === 0 && event.type === "trackName" ? { ...event, text: title } : event,
          )
          .map((event, order) => ({ tick: 0, order: -1000 + order, event }))
        track = { name, setup, events: [] }
        tracks.push(track)
      }
      track.events.push(
        ...within(events, tickAt(piece.fromMs), tickAt(piece.toMs), tickAt(piece.shiftMs)),
      )
    })
  }
  return Uint8Array.from(
    writeMidi({
      header: { format: 1, numTracks: tracks.length, ticksPerBeat },
      tracks: tracks.map((track) => trackOf([...track.setup, ...track.events])),
    }),
  )
}
