import { describe, expect, it } from "vitest"
import { familiesOf, familySizes } from "./song-families.ts"

const song = (id: string, from?: string) => ({ id, origin: from ? { songId: from } : null })

describe("song families", () => {
  it("gather a song and everything made from it, however many steps away", () => {
    const families = familiesOf([
      song("cover-of-extension", "extension"),
      song("original"),
      song("extension", "original"),
      song("other"),
      song("orphan", "deleted-or-private"),
    ])
    expect(Object.fromEntries(families)).toEqual({
      "cover-of-extension": "original",
      original: "original",
      extension: "original",
      other: "other",
      orphan: "orphan",
    })
    expect(Object.fromEntries(familySizes(families))).toEqual({ original: 3, other: 1, orphan: 1 })
  })

  it("end a loop of origins instead of following it forever", () => {
    const families = familiesOf([song("a", "b"), song("b", "a")])
    expect(new Set(families.values()).size).toBe(1)
    expect([...families.keys()].sort()).toEqual(["a", "b"])
  })
})
