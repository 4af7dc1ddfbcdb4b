import { describe, expect, it } from "vitest"
import { peaksOf } from "./waveform-peaks.ts"

const pcm = (samples: ReadonlyArray<number>) => new Uint8Array(Int16Array.from(samples).buffer)

describe("a waveform's peaks", () => {
  it("are the loudest sample of each slice, against the loudest slice", () => {
    expect(peaksOf(pcm([100, -200, 50, 25, -400, 10, 0, 0]), 4)).toEqual([50, 13, 100, 0])
  })

  it("draw silence flat and nothing as silence", () => {
    expect(peaksOf(pcm([0, 0, 0, 0]), 2)).toEqual([0, 0])
    expect(peaksOf(pcm([]), 3)).toEqual([0, 0, 0])
  })

  it("give every slice a sample when the song is shorter than the slices", () => {
    expect(peaksOf(pcm([1000, -500]), 4)).toEqual([100, 100, 50, 50])
  })

  it("read a buffer that starts past its memory's start", () => {
    const bytes = new Uint8Array(6)
    new DataView(bytes.buffer).setInt16(2, -32768, true)
    new DataView(bytes.buffer).setInt16(4, 16384, true)
    expect(peaksOf(bytes.subarray(2), 2)).toEqual([100, 50])
  })
})
