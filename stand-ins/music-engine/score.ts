/** MIDI channels of the band; 9 is General MIDI's drum channel. */
export const channel = { comp: 0, bass: 1, pad: 2, lead: 3, comp2: 4, drums: 9 } as const

/** An instrument's note; times in beats. */
export interface NoteEvent {
  readonly channel: number
  readonly beat: number
  readonly beats: number
  readonly pitch: number
  readonly velocity: number
}

/** One sung syllable; times in beats. */
export interface VocalNote {
  readonly beat: number
  readonly beats: number
  /** Null when rapped: the voice keeps its spoken pitch. */
  readonly pitch: number | null
  readonly line: number
  readonly word: number
  readonly syllable: number
  /** Sung again, slightly detuned left and right, as a chorus double. */
  readonly doubled: boolean
}

/** How each channel is set up at the start of the song. */
export interface ChannelSetup {
  readonly channel: number
  readonly program: number
  readonly volume: number
  readonly pan: number
  readonly reverb: number
  /** Added to the instrument's release, in timecents (-1200 halves it); 0 leaves it as sampled. */
  readonly release: number
}

/** Adds a note, its velocity shaped by the section's dynamics and a little seeded variation. */
export type Play = (
  channel: number,
  beat: number,
  beats: number,
  pitch: number,
  velocity: number,
) => void
