import type { FormSection } from "./arrangement.ts"
import { bassLine, bassNote } from "./bass-line.ts"
import { comp } from "./comping.ts"
import { drumBar } from "./drum-patterns.ts"
import { drum } from "./general-midi.ts"
import { type Chord, voiceChord } from "./harmony.ts"
import { type ChannelSetup, channel, type NoteEvent, type Play } from "./score.ts"
import type { Random } from "./seeded-random.ts"
import type { Style } from "./style.ts"

/** Choruses play out, verses a little less, intro, breaks and outro softer. */
const dynamicsOf = (kind: FormSection["kind"]) =>
  kind === "chorus" ? 1 : kind === "intro" || kind === "outro" || kind === "break" ? 0.78 : 0.86

/**
 * The band, bar by bar: chords in the style's comping pattern (voice-led), a second chord instrument and
 * the pad where the song opens up, the bass line, the drums with a crash at each new section and a fill at
 * its end; the last bar holds the final chord, when the song ends there.
 */
export const playBand = (
  style: Style,
  sections: ReadonlyArray<FormSection>,
  chords: ReadonlyArray<Chord>,
  random: Random,
  ending = true,
): ReadonlyArray<NoteEvent> => {
  const notes: Array<NoteEvent> = []
  const sectionOfBar = sections.flatMap((section) =>
    Array.from({ length: section.bars }, () => section),
  )
  let previousVoicing: ReadonlyArray<number> | null = null
  const compCenter = style.compStyle === "power" ? 52 : style.compStyle === "arp" ? 60 : 62
  const compVoices = style.compStyle === "jazz" || style.compStyle === "lofi" ? 4 : 3
  for (let b = 0; b < chords.length; b++) {
    const chord = chords[b]!
    const section = sectionOfBar[b]!
    const dynamics = dynamicsOf(section.kind)
    const play: Play = (on, beat, beats, pitch, velocity) =>
      notes.push({
        channel: on,
        beat,
        beats,
        pitch,
        velocity: Math.max(
          1,
          Math.min(127, Math.round(velocity * dynamics * (0.92 + 0.16 * random.next()))),
        ),
      })
    const barBeat = b * 4
    const voicing = voiceChord(chord, compCenter, previousVoicing, compVoices)
    previousVoicing = voicing

    if (ending && b === chords.length - 1) {
      for (const pitch of voicing) play(channel.comp, barBeat, 4, pitch, 80)
      play(channel.bass, barBeat, 4, bassNote(chord.root), 90)
      if (style.pad !== null) for (const pitch of voicing) play(channel.pad, barBeat, 4, pitch, 60)
      if (style.drums !== "none") {
        play(channel.drums, barBeat, 1, drum.crash, 90)
        play(channel.drums, barBeat, 1, drum.kick, 100)
      }
      continue
    }
    comp(play, style, voicing, chord, barBeat, random, channel.comp)
    if (style.comp2 !== null && (section.kind === "chorus" || section.kind === "outro")) {
      for (const pitch of voiceChord(chord, 67, null, 3)) {
        play(channel.comp2, barBeat, 2, pitch, 58)
        play(channel.comp2, barBeat + 2, 2, pitch, 52)
      }
    }
    bassLine(play, style.bassStyle, chord, chords[b + 1] ?? chord, barBeat, random)
    const padPlays =
      section.kind === "chorus" ||
      section.kind === "outro" ||
      style.genre === "classical" ||
      style.genre === "ballad"
    if (style.pad !== null && padPlays) {
      for (const pitch of voiceChord(chord, 60, null, 4))
        play(channel.pad, barBeat, 4, pitch, style.genre === "classical" ? 62 : 50)
    }
    if (style.drums !== "none") {
      drumBar(play, style.drums, barBeat, random, {
        crash: b === section.startBar && section.kind !== "intro",
        fill: b === section.startBar + section.bars - 1,
        sparse: section.kind === "intro" && b < section.startBar + section.bars / 2,
      })
    }
  }
  return notes
}

/** How each channel is set up: programs, levels, panning and reverb sends. */
export const channelSetup = (style: Style): ReadonlyArray<ChannelSetup> => [
  {
    channel: channel.comp,
    program: style.comp,
    volume: style.compStyle === "power" ? 88 : 96,
    pan: 50,
    reverb: 40,
    // A strummed string is struck again before it has rung out: half the sampled release sounds the
    // same and spares FluidSynth a third of its work in a strummed song.
    release: style.compStyle === "strum" ? -1200 : 0,
  },
  { channel: channel.bass, program: style.bass, volume: 108, pan: 64, reverb: 10, release: 0 },
  {
    channel: channel.pad,
    program: style.pad ?? 89,
    volume: 80,
    pan: 76,
    reverb: 70,
    release: 0,
  },
  {
    channel: channel.lead,
    program: style.lead,
    volume: style.vocals === null ? 110 : 90,
    pan: 70,
    reverb: 60,
    release: 0,
  },
  {
    channel: channel.comp2,
    program: style.comp2 ?? 0,
    volume: 80,
    pan: 84,
    reverb: 40,
    release: 0,
  },
  {
    channel: channel.drums,
    program: style.drumKit,
    volume: 100,
    pan: 64,
    reverb: 25,
    release: 0,
  },
]
