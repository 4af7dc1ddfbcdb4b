import { describe, expect, it } from "@effect/vitest"
import { saysInstrumental } from "./api-instrumental.ts"

describe("a style that asks for no voice", () => {
  it("says instrumental, no vocals or without singing; a voice or a word inside another does not", () => {
    for (const style of [
      "Jazz, calm, instrumental, no vocals, piano",
      "ambient piano, no vocal",
      "Lo-fi without any singing",
      "INSTRUMENTAL synthwave",
    ])
      expect(saysInstrumental(style)).toBe(true)
    for (const style of ["Pop, female vocals, guitar", "instrumentalist pop", "vocals, no drums"])
      expect(saysInstrumental(style)).toBe(false)
  })
})
