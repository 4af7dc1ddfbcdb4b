import { describe, expect, it } from "vitest"
import { syncedLyricsOfWords } from "./aligned-lyrics.ts"

describe("the music API's timed words as lines", () => {
  it("end a line at a word's line break, leave section labels out, and keep each word's times", () => {
    const synced = syncedLyricsOfWords([
      { word: "[Verse]\nCity ", startS: 1.2, endS: 1.6 },
      { word: "lights\n", startS: 1.7, endS: 2.3 },
      { word: "[Chorus]\nSing ", startS: 3, endS: 3.4 },
      { word: "along", startS: 3.5, endS: 3.5 },
    ])
    expect(synced).toEqual({
      lines: [
        {
          text: "City lights",
          startMs: 1200,
          endMs: 2300,
          words: [
            { text: "City", startMs: 1200, endMs: 1600 },
            { text: "lights", startMs: 1700, endMs: 2300 },
          ],
        },
        {
          text: "Sing along",
          startMs: 3000,
          endMs: 3501,
          words: [
            { text: "Sing", startMs: 3000, endMs: 3400 },
            { text: "along", startMs: 3500, endMs: 3501 },
          ],
        },
      ],
    })
  })
})
