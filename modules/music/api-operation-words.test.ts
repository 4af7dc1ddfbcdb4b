import { describe, expect, it } from "@effect/vitest"
import { originWords, reshapedTitle } from "./api-operation-words.ts"

describe("an operation's song", () => {
  it("is titled after the song it came from, without that song's version number", () => {
    expect(reshapedTitle("Paper Boats (Version 2)", "extend", "folk")).toBe(
      "Paper Boats (Extended)",
    )
    expect(reshapedTitle("Paper Boats", "replace-section", "folk")).toBe(
      "Paper Boats (New section)",
    )
    expect(reshapedTitle("Paper Boats (Version 1)", "restyle", "as a jazz ballad")).toBe(
      "Paper Boats (Jazz ballad restyle)",
    )
    expect(reshapedTitle("Paper Boats", "restyle", "synthwave, 120 bpm, female vocals")).toBe(
      "Paper Boats (Synthwave restyle)",
    )
    expect(
      reshapedTitle("Paper Boats", "restyle", "in an epic cinematic orchestral trailer style"),
    ).toBe("Paper Boats (Epic cinematic orchestral trailer restyle)")
  })

  it("names its origin as the cards say it", () => {
    const origin = { songId: "s1", title: "Paper Boats (Version 1)" }
    expect(originWords({ ...origin, operation: "extend" }, "folk")).toBe("Extended from")
    expect(originWords({ ...origin, operation: "replace-section" }, "folk")).toBe("New section of")
    expect(originWords({ ...origin, operation: "restyle" }, "as a jazz ballad")).toBe(
      "Jazz ballad restyle of",
    )
  })
})
