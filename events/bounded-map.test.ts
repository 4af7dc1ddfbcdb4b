import { describe, expect, it } from "vitest"
import { setBounded } from "./bounded-map.ts"

describe("setBounded", () => {
  it("keeps at most `capacity` entries, the oldest making room", () => {
    const map = new Map<string, number>()
    for (const [i, key] of ["a", "b", "c", "d"].entries()) setBounded(map, key, i, 3)
    expect([...map]).toEqual([
      ["b", 1],
      ["c", 2],
      ["d", 3],
    ])
  })

  it("puts a key again as the newest, without pushing anything out", () => {
    const map = new Map([
      ["a", 0],
      ["b", 1],
    ])
    setBounded(map, "a", 2, 2)
    expect([...map]).toEqual([
      ["b", 1],
      ["a", 2],
    ])
    setBounded(map, "c", 3, 2)
    expect([...map.keys()]).toEqual(["a", "c"])
  })
})
