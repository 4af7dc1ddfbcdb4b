import { Biquad } from "./biquad.ts"
import type { Random } from "./seeded-random.ts"
import type { Style } from "./style.ts"
import type { VoiceBus } from "./vocal-chain.ts"

/** Lo-fi's worn record, first: a 4.8 kHz low-pass, in place. */
export const vinylLowpass = (channels: ReadonlyArray<Float32Array>, sampleRate: number) => {
  for (const channel of channels) Biquad.of("lowpass", sampleRate, 4800, 0.7).process(channel)
}

/** Then the record's own sound: a little seeded hiss and crackle, as a stereo track of its own. */
const vinylNoise = (length: number, random: Random): Stereo => {
  const left = new Float32Array(length)
  const right = new Float32Array(length)
  for (let i = 0; i < length; i++) {
    const hiss = (random.next() - 0.5) * 0.0025
    left[i] = hiss
    right[i] = hiss
    if (random.next() < 0.00012) {
      const crackle = (random.next() - 0.5) * 0.06
      left[i]! += crackle
      right[i]! -= crackle * 0.5
    }
  }
  return [left, right]
}

const rootMeanSquare = (signal: Float32Array) => {
  let sum = 0
  let count = 0
  for (const x of signal) {
    if (x !== 0) {
      sum += x * x
      count++
    }
  }
  return count > 0 ? Math.sqrt(sum / count) : 0
}

export type Stereo = [Float32Array, Float32Array]

/**
 * A mix, the band's level the voice was set against (0 without a voice), and what went into it besides
 * the band: the voice's gain, and lo-fi's record noise.
 */
export interface Mixed {
  readonly channels: Stereo
  readonly bed: number
  readonly voiceGain: number
  readonly noise: Stereo | null
}

/**
 * The band and the voice on one stereo bus. The voice sits 2 dB over the band, measured where it sings
 * (3 dB for rap, level for lo-fi), or over `bed`: new music for a song takes the song's band level, so
 * its voice is as loud as the song's.
 */
export const mixdown = (
  band: ReadonlyArray<Float32Array>,
  voice: VoiceBus | null,
  style: Style,
  length: number,
  sampleRate: number,
  random: Random,
  bed?: number,
): Mixed => {
  const left = new Float32Array(length)
  const right = new Float32Array(length)
  const bandLeft = band[0]!
  const bandRight = band[1] ?? bandLeft
  left.set(bandLeft.subarray(0, Math.min(length, bandLeft.length)))
  right.set(bandRight.subarray(0, Math.min(length, bandRight.length)))
  const noise = style.genre === "lofi" ? vinylNoise(length, random) : null
  if (noise) {
    vinylLowpass([left, right], sampleRate)
    for (let i = 0; i < length; i++) {
      left[i]! += noise[0][i]!
      right[i]! += noise[1][i]!
    }
  }
  if (!voice) return { channels: [left, right], bed: 0, voiceGain: 0, noise }

  // The band's level where the voice sings, sampled every 64 samples.
  let bandEnergy = 0
  let counted = 0
  for (let i = 0; i < length; i += 64) {
    if (voice.lead[i] !== 0) {
      const mono = 0.5 * (left[i]! + right[i]!)
      bandEnergy += mono * mono
      counted++
    }
  }
  const bandLevel = bed ?? (counted > 0 ? Math.sqrt(bandEnergy / counted) : 0)
  const voiceLevel = rootMeanSquare(voice.lead)
  const above = style.vocals?.delivery === "rap" ? 3 : style.genre === "lofi" ? 0 : 2
  const gain = voiceLevel > 0 && bandLevel > 0 ? (bandLevel * 10 ** (above / 20)) / voiceLevel : 1
  for (let i = 0; i < length; i++) {
    left[i]! += voice.left[i]! * gain
    right[i]! += voice.right[i]! * gain
  }
  return { channels: [left, right], bed: bandLevel, voiceGain: gain, noise }
}
