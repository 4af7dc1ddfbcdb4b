import { describe, expect, it } from "@effect/vitest"
import { limit } from "./dynamics.ts"
import { integratedLoudness, truePeakDb } from "./loudness.ts"

const sampleRate = 44100

const sine = (frequency: number, amplitude: number, seconds: number, phase = 0) =>
  Float32Array.from(
    { length: seconds * sampleRate },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate + phase),
  )

describe("loudness", () => {
  it("reads BS.1770's reference tones: 997 Hz at -20 dBFS in both channels is -20 LUFS", () => {
    const tone = sine(997, 0.1, 10)
    expect(integratedLoudness([tone, tone], sampleRate)).toBeCloseTo(-20, 1)
  })

  it("reads a full-scale 1 kHz tone in one channel as -3.01 LUFS", () => {
    expect(
      integratedLoudness([sine(1000, 1, 10), new Float32Array(10 * sampleRate)], sampleRate),
    ).toBeCloseTo(-3.01, 1)
  })

  it("gates silence out: a tone with silence after it reads as the tone", () => {
    const tone = sine(997, 0.1, 5)
    const withSilence = new Float32Array(10 * sampleRate)
    withSilence.set(tone)
    expect(integratedLoudness([withSilence, withSilence], sampleRate)).toBeCloseTo(-20, 0)
  })

  it("finds a peak between the samples: a quarter-rate tone sampled off its crests", () => {
    // Every sample sits at 0.707 of the crest: -3 dB by samples, 0 dBTP in truth.
    const tone = sine(sampleRate / 4, 1, 1, Math.PI / 4)
    expect(truePeakDb([tone])).toBeGreaterThan(-0.5)
    expect(truePeakDb([sine(1000, 0.5, 1)])).toBeCloseTo(-6.02, 1)
  })
})

describe("the limiter", () => {
  it("lets no sample past its ceiling, and leaves quiet passages alone", () => {
    const left = sine(100, 1.5, 2)
    const right = sine(150, 0.2, 2)
    const quiet = sine(440, 0.1, 1)
    const signal = [new Float32Array([...left, ...quiet]), new Float32Array([...right, ...quiet])]
    limit(signal, sampleRate, 0.8)
    const peakOf = (samples: Float32Array) =>
      samples.reduce((peak, x) => Math.max(peak, Math.abs(x)), 0)
    expect(Math.max(...signal.map(peakOf))).toBeLessThanOrEqual(0.8 + 1e-6)
    expect(peakOf(signal[0]!.subarray(signal[0]!.length - sampleRate / 2))).toBeCloseTo(0.1, 2)
  })
})
