import type { StemName } from "#modules/music/ports.ts"
import type { Arrangement } from "./arrangement.ts"
import { bandUnits } from "./fluidsynth.ts"
import { type Mixed, type Stereo, vinylLowpass } from "./mixdown.ts"
import { channel } from "./score.ts"
import type { Style } from "./style.ts"
import type { VoiceBus } from "./vocal-chain.ts"

/** Which MIDI channels each band stem plays: harmony is the comping instruments and the pad. */
const bandStems = {
  drums: [channel.drums],
  bass: [channel.bass],
  harmony: [channel.comp, channel.comp2, channel.pad],
  lead: [channel.lead],
} as const satisfies Record<Exclude<StemName, "vocals">, ReadonlyArray<number>>

export type BandStem = keyof typeof bandStems
export const bandStemNames = Object.keys(bandStems) as ReadonlyArray<BandStem>

/** The stem a channel's notes belong to. */
const stemOfChannel = (played: number): BandStem =>
  bandStemNames.find((name) => (bandStems[name] as ReadonlyArray<number>).includes(played)) ??
  "harmony"

/**
 * The band as FluidSynth plays it for stems: each of its units apart (fluidsynth.ts), split as the song
 * split them, so each sounds as it did in the song; and the stem each unit belongs to.
 */
export const stemParts = (arrangement: Arrangement) =>
  bandUnits(arrangement).map((unit) => ({ ...unit, stem: stemOfChannel(unit.channels[0]!) }))

export type Stems = Readonly<Record<StemName, Stereo>>

const silence = (length: number): Stereo => [new Float32Array(length), new Float32Array(length)]

/** Adds a played track to a stem, as far as the stem goes. */
const add = (stem: Stereo, played: ReadonlyArray<Float32Array>) => {
  for (const [c, out] of stem.entries()) {
    const source = played[c] ?? played[0]
    if (!source) return
    const end = Math.min(out.length, source.length)
    for (let i = 0; i < end; i++) out[i]! += source[i]!
  }
}

/**
 * Each stem as it sounds in the mix before mastering: the band's stems through what the mix did to the
 * band (lo-fi's low-pass, linear, so the stems' sum is the band's), the record's noise with the drums,
 * the voice at the gain the mix gave it. Summed, they are the mix, up to rounding.
 */
export const stemsOf = (
  played: ReadonlyArray<{
    readonly stem: BandStem
    readonly channels: ReadonlyArray<Float32Array>
  }>,
  mixed: Mixed,
  voice: VoiceBus | null,
  style: Style,
  length: number,
  sampleRate: number,
): Stems => {
  const band = bandStemNames.map((name) => {
    const stem = silence(length)
    for (const unit of played.filter((one) => one.stem === name)) add(stem, unit.channels)
    return stem
  })
  if (style.genre === "lofi") for (const stem of band) vinylLowpass(stem, sampleRate)
  const [drums, bass, harmony, lead] = band as [Stereo, Stereo, Stereo, Stereo]
  if (mixed.noise) add(drums, mixed.noise)
  const vocals = silence(length)
  if (voice) {
    for (let i = 0; i < length; i++) {
      vocals[0][i] = voice.left[i]! * mixed.voiceGain
      vocals[1][i] = voice.right[i]! * mixed.voiceGain
    }
  }
  return { vocals, drums, bass, harmony, lead }
}
