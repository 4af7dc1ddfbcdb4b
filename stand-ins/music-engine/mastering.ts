import { compress, limit } from "./dynamics.ts"
import { integratedLoudness } from "./loudness.ts"

export const targetLufs = -14
const ceiling = 10 ** (-1.5 / 20)

/** The loudness a master reached (LUFS), and the gain it took after compression. */
export interface Levelled {
  readonly loudness: number
  readonly gain: number
}

const glue = (channels: ReadonlyArray<Float32Array>, sampleRate: number) =>
  compress(channels, sampleRate, -18, 2, 15, 220)

const applyGain = (channels: ReadonlyArray<Float32Array>, gain: number) => {
  for (const channel of channels) for (let i = 0; i < channel.length; i++) channel[i]! *= gain
}

/**
 * 2:1 glue compression, then gain to `target` LUFS and a limiter at -1.5 dBFS. The limiter takes loudness
 * away from peaky mixes (808s, kicks), so gain and limiter repeat until the loudness is within 0.3 LU.
 */
export const levelTo = (
  channels: ReadonlyArray<Float32Array>,
  sampleRate: number,
  target: number,
): Levelled => {
  glue(channels, sampleRate)
  let loudness = integratedLoudness(channels, sampleRate)
  let total = 1
  for (let round = 0; round < 4; round++) {
    const gain = 10 ** ((target - loudness) / 20)
    total *= gain
    applyGain(channels, gain)
    limit(channels, sampleRate, ceiling)
    loudness = integratedLoudness(channels, sampleRate)
    if (Math.abs(target - loudness) < 0.3) break
  }
  return { loudness, gain: total }
}

/** A fade to silence from `from` (seconds) to the end, squared: it sounds even. */
export const fadeOut = (
  channels: ReadonlyArray<Float32Array>,
  sampleRate: number,
  from: number,
) => {
  const length = channels[0]!.length
  const fadeStart = Math.max(0, Math.floor(from * sampleRate))
  for (const channel of channels) {
    for (let i = fadeStart; i < length; i++) {
      const left = 1 - (i - fadeStart) / (length - fadeStart)
      channel[i]! *= left * left
    }
  }
}

/**
 * A 10 ms fade in, a fade out from `fadeFrom` (seconds) to the end, then the level of a finished song
 * (-14 LUFS, see `levelTo`).
 */
export const master = (
  channels: ReadonlyArray<Float32Array>,
  sampleRate: number,
  fadeFrom: number,
): Levelled => {
  const fadeIn = Math.round(0.01 * sampleRate)
  for (const channel of channels)
    for (let i = 0; i < Math.min(channel.length, fadeIn); i++) channel[i]! *= i / fadeIn
  fadeOut(channels, sampleRate, fadeFrom)
  return levelTo(channels, sampleRate, targetLufs)
}

/**
 * New music for a mastered song, mastered as the song was: its compression, its gain and its limiter.
 * `lead` is the song just before the new music, at the level the compressor saw it (the mastered audio
 * over its gain), so the compressor starts where it was rather than at rest, which would let the first
 * beat through louder.
 */
export const masterAs = (
  channels: ReadonlyArray<Float32Array>,
  sampleRate: number,
  gain: number,
  lead: ReadonlyArray<Float32Array>,
) => {
  const leadLength = lead[0]!.length
  const joined = channels.map((channel, c) => {
    const both = new Float32Array(leadLength + channel.length)
    both.set(lead[c]!)
    both.set(channel, leadLength)
    return both
  })
  glue(joined, sampleRate)
  for (const [c, channel] of channels.entries()) channel.set(joined[c]!.subarray(leadLength))
  applyGain(channels, gain)
  limit(channels, sampleRate, ceiling)
}
