import type { MidiEvent } from "midi-file"

export const ticksPerBeat = 480

/** An event at its tick; at the same tick, lower orders first (note-offs before note-ons). */
export type Timed = { readonly tick: number; readonly order: number; readonly event: MidiEvent }

export const tickOf = (beat: number) => Math.max(0, Math.round(beat * ticksPerBeat))

/** Events at their ticks to a track: delta times, note-offs before note-ons, an end. */
export const trackOf = (events: Array<Timed>): Array<MidiEvent> => {
  events.sort((a, b) => a.tick - b.tick || a.order - b.order)
  let last = 0
  const track = events.map(({ tick, event }) => {
    const delta = tick - last
    last = tick
    return { ...event, deltaTime: delta } as MidiEvent
  })
  track.push({ deltaTime: 0, meta: true, type: "endOfTrack" })
  return track
}

export const notesOn = (
  ch: number,
  notes: ReadonlyArray<{ beat: number; beats: number; pitch: number; velocity: number }>,
) =>
  notes.flatMap((note): Array<Timed> => {
    const on = tickOf(note.beat)
    const off = Math.max(on + 1, tickOf(note.beat + note.beats))
    const noteNumber = note.pitch & 127
    return [
      {
        tick: on,
        order: 3,
        event: {
          deltaTime: 0,
          type: "noteOn",
          channel: ch,
          noteNumber,
          velocity: Math.max(1, Math.min(127, note.velocity)),
        },
      },
      {
        tick: off,
        order: 1,
        event: { deltaTime: 0, type: "noteOff", channel: ch, noteNumber, velocity: 0 },
      },
    ]
  })

type WithoutDelta<E> = E extends MidiEvent ? Omit<E, "deltaTime"> : never

/** A track's set-up event, before its first note. */
export const atStart = (event: WithoutDelta<MidiEvent>): Timed => ({
  tick: 0,
  order: 0,
  event: { ...event, deltaTime: 0 } as MidiEvent,
})
