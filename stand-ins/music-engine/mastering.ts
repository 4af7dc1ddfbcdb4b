import { compress, limit } from "./dynamics.ts"
import { integratedLoudness } from "./loudness.ts"

export const targetLufs = -14
const ceiling = 10 ** (-1.5 / 20)

/**
 * A 10 ms fade in, a fade out from `fadeFrom` (seconds) to the end, 2:1 glue compression, then gain to
 * -14 LUFS and a limiter at -1.5 dBFS. The limiter takes loudness away from peaky mixes (808s, kicks), so
 * gain and limiter repeat until the loudness is within 0.3 LU. Returns the loudness reached.
 */
export const master = (
  channels: ReadonlyArray<Float32Array>,
  sampleRate: number,
  fadeFrom: number,
): number => {
  const length = channels[0]!.length
  const fadeIn = Math.round(0.01 * sampleRate)
  const fadeStart = Math.max(0, Math.floor(fadeFrom * sampleRate))
  for (const channel of channels) {
    for (let i = 0; i < Math.min(length, fadeIn); i++) channel[i]! *= i / fadeIn
    for (let i = fadeStart; i < length; i++) {
      const left = 1 - (i - fadeStart) / (length - fadeStart)
      channel[i]! *= left * left
    }
  }
  compress(channels, sampleRate, -18, 2, 15, 220)
  let loudness = integratedLoudness(channels, sampleRate)
  for (let round = 0; round < 4; round++) {
    const gain = 10 ** ((targetLufs - loudness) / 20)
    for (const channel of channels) for (let i = 0; i < length; i++) channel[i]! *= gain
    limit(channels, sampleRate, ceiling)
    loudness = integratedLoudness(channels, sampleRate)
    if (Math.abs(targetLufs - loudness) < 0.3) break
  }
  return loudness
}
