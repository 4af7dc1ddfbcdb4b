import { Biquad } from "./biquad.ts"

/**
 * BS.1770's K-weighting, a high-frequency shelf then a high-pass, for any sample rate (the analogue
 * filters libebur128 derives, so the numbers agree with ffmpeg's meter).
 */
const kWeighting = (sampleRate: number): ReadonlyArray<Biquad> => {
  const shelfGain = 10 ** (3.999843853973347 / 20)
  const shelfBand = shelfGain ** 0.4996667741545416
  let k = Math.tan((Math.PI * 1681.974450955533) / sampleRate)
  let q = 0.7071752369554196
  let a0 = 1 + k / q + k * k
  const shelf = new Biquad(
    (shelfGain + (shelfBand * k) / q + k * k) / a0,
    (2 * (k * k - shelfGain)) / a0,
    (shelfGain - (shelfBand * k) / q + k * k) / a0,
    (2 * (k * k - 1)) / a0,
    (1 - k / q + k * k) / a0,
  )
  k = Math.tan((Math.PI * 38.13547087602444) / sampleRate)
  q = 0.5003270373238773
  a0 = 1 + k / q + k * k
  const highPass = new Biquad(1, -2, 1, (2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0)
  return [shelf, highPass]
}

const lufsOf = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare + 1e-15)

/** Integrated loudness in LUFS (ITU-R BS.1770-4): 400 ms blocks every 100 ms, absolute and relative gates. */
export const integratedLoudness = (
  channels: ReadonlyArray<Float32Array>,
  sampleRate: number,
): number => {
  const hop = Math.round(0.1 * sampleRate)
  const steps = Math.floor(channels[0]!.length / hop)
  const energy = new Float64Array(steps)
  const [shelf, highPass] = kWeighting(sampleRate) as [Biquad, Biquad]
  for (const channel of channels) {
    // Both filters inline, in one pass, without a filtered copy: this runs several times per song.
    let s1 = 0
    let s2 = 0
    let h1 = 0
    let h2 = 0
    for (let step = 0; step < steps; step++) {
      let sum = 0
      for (let i = step * hop, end = i + hop; i < end; i++) {
        const x = channel[i]!
        const y = shelf.b0 * x + s1
        s1 = shelf.b1 * x - shelf.a1 * y + s2
        s2 = shelf.b2 * x - shelf.a2 * y
        const k = highPass.b0 * y + h1
        h1 = highPass.b1 * y - highPass.a1 * k + h2
        h2 = highPass.b2 * y - highPass.a2 * k
        sum += k * k
      }
      energy[step]! += sum
    }
  }
  const blocks: Array<number> = []
  for (let s = 0; s + 4 <= steps; s++)
    blocks.push((energy[s]! + energy[s + 1]! + energy[s + 2]! + energy[s + 3]!) / (4 * hop))
  const loud = blocks.filter((block) => lufsOf(block) > -70)
  if (loud.length === 0) return -70
  const mean = (values: ReadonlyArray<number>) => values.reduce((a, b) => a + b, 0) / values.length
  const relativeGate = lufsOf(mean(loud)) - 10
  return lufsOf(mean(loud.filter((block) => lufsOf(block) > relativeGate)))
}

/** Three in-between points of every sample pair, by a Hann-windowed sinc over 12 neighbours. */
const taps = 12
const phases = [0.25, 0.5, 0.75].map((fraction) =>
  Float64Array.from({ length: taps }, (_, j) => {
    const x = j - taps / 2 + 1 - fraction
    const sinc = Math.sin(Math.PI * x) / (Math.PI * x)
    return sinc * (0.5 + 0.5 * Math.cos((Math.PI * x) / (taps / 2)))
  }),
)

/**
 * True peak in dBTP: the sample peak, and the peaks between samples by 4x oversampling. An inter-sample
 * peak rises beside a local maximum, so only the two gaps around each local maximum within 6 dB of the
 * sample peak are oversampled: a few percent of the work of oversampling everything.
 */
export const truePeakDb = (channels: ReadonlyArray<Float32Array>): number => {
  let samplePeak = 0
  for (const channel of channels)
    for (const x of channel) samplePeak = Math.max(samplePeak, Math.abs(x))
  let peak = samplePeak
  const near = samplePeak / 2
  const between = (channel: Float32Array, i: number) => {
    for (const phase of phases) {
      let y = 0
      for (let j = 0; j < taps; j++) y += channel[i - taps / 2 + 1 + j]! * phase[j]!
      peak = Math.max(peak, Math.abs(y))
    }
  }
  for (const channel of channels) {
    for (let i = taps / 2; i + taps / 2 < channel.length; i++) {
      const here = Math.abs(channel[i]!)
      if (here < near || here < Math.abs(channel[i - 1]!) || here < Math.abs(channel[i + 1]!))
        continue
      between(channel, i - 1)
      between(channel, i)
    }
  }
  return 20 * Math.log10(peak + 1e-12)
}
