import type { Arrangement } from "./arrangement.ts"
import type { NoteEvent } from "./score.ts"

const ticksPerBeat = 480

const variableLength = (value: number) => {
  const bytes = [value & 0x7f]
  let rest = value >> 7
  while (rest > 0) {
    bytes.unshift((rest & 0x7f) | 0x80)
    rest >>= 7
  }
  return bytes
}

interface TimedEvent {
  readonly tick: number
  /** At the same tick: tempo, then setup, then note-offs before note-ons. */
  readonly order: number
  readonly data: ReadonlyArray<number>
}

/** A Standard MIDI File (format 0) of these notes on these channels, for FluidSynth to play. */
export const midiFileOf = (
  arrangement: Arrangement,
  part: { readonly channels: ReadonlyArray<number>; readonly notes: ReadonlyArray<NoteEvent> },
): Uint8Array => {
  const events: Array<TimedEvent> = []
  const microsPerBeat = Math.round(60_000_000 / arrangement.bpm)
  events.push({
    tick: 0,
    order: 0,
    data: [
      0xff,
      0x51,
      0x03,
      (microsPerBeat >> 16) & 255,
      (microsPerBeat >> 8) & 255,
      microsPerBeat & 255,
    ],
  })
  for (const setup of arrangement.channels) {
    if (!part.channels.includes(setup.channel)) continue
    const c = setup.channel
    // Bank 0 everywhere: on channel 10 FluidSynth takes the program as a bank-128 drum kit.
    events.push(
      { tick: 0, order: 1, data: [0xb0 | c, 0, 0] },
      { tick: 0, order: 2, data: [0xc0 | c, setup.program & 127] },
      { tick: 0, order: 3, data: [0xb0 | c, 7, setup.volume] },
      { tick: 0, order: 3, data: [0xb0 | c, 10, setup.pan] },
      { tick: 0, order: 3, data: [0xb0 | c, 91, setup.reverb] },
      { tick: 0, order: 3, data: [0xb0 | c, 93, 0] },
    )
    if (setup.release !== 0) {
      // SoundFont NRPN (MSB 120, LSB 38: the volume envelope's release), in steps of 2 timecents.
      const value = 8192 + Math.round(setup.release / 2)
      events.push(
        { tick: 0, order: 3, data: [0xb0 | c, 99, 120] },
        { tick: 0, order: 3, data: [0xb0 | c, 98, 38] },
        { tick: 0, order: 3, data: [0xb0 | c, 6, (value >> 7) & 127] },
        { tick: 0, order: 3, data: [0xb0 | c, 38, value & 127] },
      )
    }
  }
  for (const note of part.notes) {
    const on = Math.max(0, Math.round(note.beat * ticksPerBeat))
    const off = Math.max(on + 1, Math.round((note.beat + note.beats) * ticksPerBeat))
    const velocity = Math.max(1, Math.min(127, note.velocity))
    events.push(
      { tick: on, order: 5, data: [0x90 | note.channel, note.pitch & 127, velocity] },
      { tick: off, order: 4, data: [0x80 | note.channel, note.pitch & 127, 0] },
    )
  }
  // Two beats of silence after the last bar let the reverb ring out.
  events.push({
    tick: (arrangement.bars * 4 + arrangement.leadBeats + 2) * ticksPerBeat,
    order: 9,
    data: [0xff, 0x2f, 0x00],
  })
  events.sort((a, b) => a.tick - b.tick || a.order - b.order)

  const track: Array<number> = []
  let last = 0
  for (const event of events) {
    track.push(...variableLength(event.tick - last), ...event.data)
    last = event.tick
  }
  const file = new Uint8Array(22 + track.length)
  const view = new DataView(file.buffer)
  file.set([0x4d, 0x54, 0x68, 0x64], 0) // MThd
  view.setUint32(4, 6)
  view.setUint16(8, 0)
  view.setUint16(10, 1)
  view.setUint16(12, ticksPerBeat)
  file.set([0x4d, 0x54, 0x72, 0x6b], 14) // MTrk
  view.setUint32(18, track.length)
  file.set(track, 22)
  return file
}
