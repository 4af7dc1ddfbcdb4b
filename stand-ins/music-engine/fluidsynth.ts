import { existsSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { Arrangement } from "./arrangement.ts"
import { midiFileOf } from "./midi-file.ts"
import { runProgram } from "./run-program.ts"
import type { NoteEvent } from "./score.ts"

/** Debian's General MIDI soundfonts, best first; MELODY_SOUNDFONT (the music config) names another. */
const soundfonts = [
  "/usr/share/sounds/sf2/FluidR3_GM.sf2",
  "/usr/share/sounds/sf3/MuseScore_General.sf3",
  "/usr/share/sounds/sf2/TimGM6mb.sf2",
  "/usr/share/sounds/sf2/default-GM.sf2",
]

export const findSoundfont = (configured: string | undefined): string => {
  const chosen = configured ?? soundfonts.find((path) => existsSync(path))
  if (!chosen) throw new Error("no General MIDI soundfont (apt-get install fluid-soundfont-gm)")
  return chosen
}

/** What one FluidSynth process plays: some channels, or some of a channel's bars. */
export interface BandPart {
  readonly channels: ReadonlyArray<number>
  readonly notes: ReadonlyArray<NoteEvent>
}

interface Part {
  readonly channels: Set<number>
  readonly notes: Array<NoteEvent>
  cost: number
}

/** A note's cost to FluidSynth, roughly: voices alive, with a release after each note. */
const costOf = (note: NoteEvent) => note.beats + 0.8

/**
 * The band's units of work: a channel each, and a channel heavier than a third of the whole (a strummed
 * guitar: 30 notes a bar) split by bars, even and odd, so that one instrument does not keep one core busy
 * while the other waits. A note only ever overlaps its own bar's repeats, so the split is not heard; but
 * FluidSynth ends a note when its key sounds again, so a split channel sounds exactly the same only when
 * split the same way.
 */
export const bandUnits = (arrangement: Arrangement): ReadonlyArray<BandPart & { cost: number }> => {
  const byChannel = new Map<number, Array<NoteEvent>>()
  for (const note of arrangement.notes) {
    const notes = byChannel.get(note.channel) ?? []
    notes.push(note)
    byChannel.set(note.channel, notes)
  }
  const total = arrangement.notes.reduce((sum, note) => sum + costOf(note), 0)
  const units: Array<BandPart & { cost: number }> = []
  for (const [channel, notes] of [...byChannel].sort((a, b) => a[0] - b[0])) {
    const cost = notes.reduce((sum, note) => sum + costOf(note), 0)
    const halves =
      cost > total / 3
        ? [0, 1].map((parity) =>
            notes.filter((note) => Math.floor((note.beat + 0.05) / 4) % 2 === parity),
          )
        : [notes]
    for (const half of halves)
      units.push({
        channels: [channel],
        notes: half,
        cost: half.reduce((sum, note) => sum + costOf(note), 0),
      })
  }
  return units
}

/** The band in two parts of about equal work, one FluidSynth process each, so the two cores play at once. */
export const splitBand = (arrangement: Arrangement): ReadonlyArray<BandPart> => {
  const parts: [Part, Part] = [
    { channels: new Set(), notes: [], cost: 0 },
    { channels: new Set(), notes: [], cost: 0 },
  ]
  const units = [...bandUnits(arrangement)]
  for (const unit of units.sort((a, b) => b.cost - a.cost || a.channels[0]! - b.channels[0]!)) {
    const part = parts[0].cost <= parts[1].cost ? parts[0] : parts[1]
    part.channels.add(unit.channels[0]!)
    part.notes.push(...unit.notes)
    part.cost += unit.cost
  }
  return parts
    .filter((part) => part.notes.length > 0)
    .map((part) => ({ channels: [...part.channels].sort((a, b) => a - b), notes: part.notes }))
}

/**
 * Plays the channels offline into a 44.1 kHz float WAV. Single-threaded float rendering is what makes
 * the bytes repeat; dynamic sample loading keeps the 141 MB soundfont from being read whole (47 MB of
 * memory instead of 174). FluidSynth is started before this returns (the MIDI file is written
 * synchronously), so the caller may keep its own thread busy meanwhile.
 */
export const playPart = (
  arrangement: Arrangement,
  part: BandPart,
  soundfont: string,
  workDir: string,
  name: string,
): Promise<string> => {
  const midiPath = join(workDir, `${name}.mid`)
  const wavPath = join(workDir, `${name}.wav`)
  writeFileSync(midiPath, midiFileOf(arrangement, part))
  const settings = {
    "synth.reverb.room-size": "0.55",
    "synth.reverb.damp": "0.4",
    "synth.reverb.level": "0.6",
    "synth.reverb.width": "0.9",
    "synth.chorus.level": "1.2",
    "synth.polyphony": "256",
    "synth.dynamic-sample-loading": "1",
  }
  return runProgram("fluidsynth", [
    ...["-n", "-i", "-q", "-r", "44100", "-g", "0.45", "-O", "float", "-T", "wav"],
    ...Object.entries(settings).flatMap(([key, value]) => ["-o", `${key}=${value}`]),
    ...["-F", wavPath, soundfont, midiPath],
  ]).then(() => wavPath)
}
