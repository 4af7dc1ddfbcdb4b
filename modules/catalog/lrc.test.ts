import { describe, expect, it } from "vitest"
import { lrcOf } from "./lrc.ts"

describe("lrcOf", () => {
  it("writes a time tag per line and a word tag per word, in minutes, seconds and hundredths", () => {
    const lrc = lrcOf("Golden [Hour]", 192_340, {
      lines: [
        {
          text: "Golden hour,",
          startMs: 12_345,
          endMs: 13_900,
          words: [
            { text: "Golden", startMs: 12_345, endMs: 12_800 },
            { text: "hour,", startMs: 12_800, endMs: 13_900 },
          ],
        },
        { text: "then <silence>", startMs: 61_005, endMs: 62_000, words: [] },
      ],
    })
    expect(lrc.split("\n")).toEqual([
      "[ti:Golden Hour]",
      "[length:03:12]",
      "[re:Melody Studio]",
      "[00:12.35] <00:12.35> Golden <00:12.80> hour, <00:13.90>",
      "[01:01.01]then silence",
      "",
    ])
  })
})
