import { describe, expect, it } from "@effect/vitest"
import { parseLyrics } from "./lyrics.ts"

describe("lyrics", () => {
  it("are cut into the sections their tags name; a hook, refrain or pre-chorus is a chorus", () => {
    const sections = parseLyrics(
      "[Verse 1]\nFirst line\nSecond line\n\n(Pre-Chorus)\nRising up\nHook:\nOh oh\n[Bridge]\nChorus of birds",
    )
    expect(sections).toEqual([
      { kind: "verse", lines: ["First line", "Second line"] },
      { kind: "chorus", lines: ["Rising up"] },
      { kind: "chorus", lines: ["Oh oh"] },
      { kind: "bridge", lines: ["Chorus of birds"] },
    ])
  })

  it("without tags, alternate verse and chorus by stanza, and a stanza sung twice is a chorus", () => {
    const sections = parseLyrics("One\nTwo\n\nRefrain here\n\nThree\n\nFour\n\nRefrain here")
    expect(sections.map((section) => section.kind)).toEqual([
      "verse",
      "chorus",
      "verse",
      "chorus",
      "chorus",
    ])
  })

  it("split a long line at its commas, or else in half, so a phrase fits its bars", () => {
    const [section] = parseLyrics(
      "[Verse]\nwe ran along the river, past the mill and over the hill, until the night came down on us\n" +
        "one two three four five six seven eight nine ten eleven twelve thirteen fourteen",
    )
    expect(section?.lines).toEqual([
      "we ran along the river,",
      "past the mill and over the hill,",
      "until the night came down on us",
      "one two three four five six seven",
      "eight nine ten eleven twelve thirteen fourteen",
    ])
  })

  it("lose the characters a speech synthesiser would read aloud", () => {
    const [section] = parseLyrics("“Hold on” *to* me {now} — it’s #1")
    expect(section?.lines).toEqual(["Hold on to me now — it's 1"])
  })

  it("of nothing are nothing", () => {
    expect(parseLyrics("\n\n[Chorus]\n\n")).toEqual([])
  })
})
