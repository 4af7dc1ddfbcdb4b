import { describe, expect, it } from "@effect/vitest"
import { videoFormatNames, videoFormats } from "./api-video-formats.ts"
import { type Box, layoutOf, titleLines } from "./video-layout.ts"

const long =
  "Midnight Drive Through the Neon City of Dreams and Other Long Stories That Never End at All"

const inside = (box: Box, width: number, height: number) =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height

describe("a video's layout", () => {
  it("keeps a short title on one line at full size", () => {
    expect(titleLines("Night Bus", 928, 64)).toEqual({ lines: ["Night Bus"], fontSize: 64 })
  })

  it("wraps a long title on two lines, smaller, and ends it with whole words and an ellipsis", () => {
    const { lines, fontSize } = titleLines(long, 928, 64)
    expect(fontSize).toBe(48)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/[a-z] ?…$/i)
    expect(long.startsWith(`${lines[0]} ${lines[1]!.slice(0, -1)}`.trimEnd())).toBe(true)
  })

  it("cuts a word too long for a line", () => {
    const { lines } = titleLines("A".repeat(60), 928, 64)
    expect(lines).toHaveLength(2)
    expect(lines[0]!.length).toBeGreaterThan(10)
  })

  it("has nothing to draw for an empty title", () => {
    expect(titleLines("  \n ", 928, 64).lines).toEqual([])
  })

  for (const format of videoFormatNames) {
    it(`${format}: cover, title and waveform inside the frame, in that order, at even positions`, () => {
      const { width, height } = videoFormats[format]
      const { cover, title, waves } = layoutOf(width, height, long)
      expect(inside(cover, width, height)).toBe(true)
      expect(inside(waves, width, height)).toBe(true)
      for (const n of [cover.x, cover.y, cover.width, waves.x, waves.y, waves.width, waves.height])
        expect(n % 2).toBe(0)
      expect(title.lines).toHaveLength(2)
      const lastBaseline = title.baselines.at(-1)!
      expect(lastBaseline).toBeLessThan(waves.y)
      if (width > height) {
        expect(cover.x + cover.width).toBeLessThan(waves.x)
      } else {
        expect(cover.y + cover.height).toBeLessThan(title.baselines[0]! - title.fontSize)
      }
    })
  }
})
