import { describe, expect, it } from "vitest"
import defaults from "./protected-artists.json" with { type: "json" }
import { protectedArtistFinder } from "./protected-artists.ts"

const named = protectedArtistFinder(defaults)

describe("protected artists", () => {
  it("finds a name however it is cased, accented, hyphenated, joined or possessed", () => {
    expect(named("in the style of Taylor Swift")).toBe("Taylor Swift")
    expect(named("taylor-swift vibes")).toBe("Taylor Swift")
    expect(named("TAYLOR   SWIFT")).toBe("Taylor Swift")
    expect(named("#TaylorSwift energy")).toBe("Taylor Swift")
    expect(named("Taylor Swift's folklore era")).toBe("Taylor Swift")
    expect(named("like beyonce, big horns")).toBe("Beyoncé")
    expect(named("BEYONCÉ-style r&b")).toBe("Beyoncé")
    expect(named("ac/dc riffs")).toBe("AC/DC")
    expect(named("acdc riffs")).toBe("AC/DC")
    expect(named("sounds like the weeknd")).toBe("The Weeknd")
  })

  it("refuses no ordinary words, nor names that are only part of a word", () => {
    for (const style of [
      "swift, upbeat pop with taylor-made guitar riffs",
      "pink noise, floyd-era psychedelic rock",
      "dreamy synth-pop, 80s drums, warm bass",
      "a lullaby from Adelaide",
      "queen of the night, prince charming, opera",
      "mars-bound space rock",
      "r&b slow jam",
      "",
    ]) {
      expect(named(style), style).toBeUndefined()
    }
  })

  it("takes any list, and an empty one protects no one", () => {
    const own = protectedArtistFinder(["Tyler, the Creator", "Mötley Crüe"])
    expect(own("tyler the creator beats")).toBe("Tyler, the Creator")
    expect(own("motley crue glam")).toBe("Mötley Crüe")
    expect(own("taylor swift")).toBeUndefined()
    expect(protectedArtistFinder([])("taylor swift")).toBeUndefined()
  })
})
