import { describe, expect, it } from "@effect/vitest"
import { crossfadeSamples, splice } from "./splice.ts"
import { largestStep } from "./test-audio-measures.ts"

const frames = 20_000

/** A stereo sine as 16-bit samples, a channel each. */
const sine = (hz: number, level: number, phase: number) => {
  const channel = Int16Array.from({ length: frames }, (_, i) =>
    Math.round(level * 32767 * Math.sin((2 * Math.PI * hz * i) / 44100 + phase)),
  )
  return [channel, channel.slice()]
}

const interleaved = (audio: ReadonlyArray<Int16Array>) => {
  const out = new Int16Array(2 * audio[0]!.length)
  for (let i = 0; i < audio[0]!.length; i++) {
    out[2 * i] = audio[0]![i]!
    out[2 * i + 1] = audio[1]![i]!
  }
  return out
}

describe("a splice", () => {
  const first = sine(220, 0.5, 0)
  const second = sine(330, 0.7, 2)
  const joint = 9_000
  const pieces = [
    { audio: first, from: 0, to: joint },
    { audio: second, from: 5_000, to: frames },
  ]

  it("copies every sample outside the crossfade that ends at the joint", () => {
    const out = splice(pieces)
    expect(out[0]!.length).toBe(joint + frames - 5_000)
    for (const c of [0, 1]) {
      expect(out[c]!.subarray(0, joint - crossfadeSamples)).toEqual(
        first[c]!.subarray(0, joint - crossfadeSamples),
      )
      expect(out[c]!.subarray(joint)).toEqual(second[c]!.subarray(5_000))
    }
  })

  it("joins without a click, where a cut would click", () => {
    const smooth = interleaved(splice(pieces))
    const cut = interleaved(
      [0, 1].map((c) => {
        const joined = new Int16Array(joint + frames - 5_000)
        joined.set(first[c]!.subarray(0, joint))
        joined.set(second[c]!.subarray(5_000), joint)
        return joined
      }),
    )
    // The louder, higher sine's own steps; halfway through, both sines sound at 0.7 of their level.
    const own = largestStep(interleaved(second), 1, frames)
    const around = [joint - crossfadeSamples - 10, joint + 10] as const
    expect(largestStep(smooth, ...around)).toBeLessThanOrEqual(1.25 * own)
    expect(largestStep(cut, ...around)).toBeGreaterThan(2 * own)
  })
})
