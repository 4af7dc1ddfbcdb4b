import { describe, expect, it } from "vitest"
import { makeBudgetedMap, setBounded } from "./bounded-map.ts"

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

describe("makeBudgetedMap", () => {
  const sized = (budget: number) => makeBudgetedMap<string, string>(budget, (value) => value.length)

  it("keeps entries within the budget, the oldest making room for as many as the new one needs", () => {
    const map = sized(10)
    map.set("a", "xxxx")
    map.set("b", "xxx")
    map.set("c", "xxx")
    expect([map.size, map.used]).toEqual([3, 10])
    map.set("d", "xxxxxx")
    expect([map.get("a"), map.get("b"), map.get("c"), map.get("d")]).toEqual([
      undefined,
      undefined,
      "xxx",
      "xxxxxx",
    ])
    expect(map.used).toBe(9)
  })

  it("puts a key again in place of its old value, and never keeps a value over the whole budget", () => {
    const map = sized(10)
    map.set("a", "xxxx")
    map.set("b", "xxxx")
    map.set("a", "xxxxxx")
    expect([map.get("a"), map.get("b"), map.used]).toEqual(["xxxxxx", "xxxx", 10])
    map.set("huge", "x".repeat(11))
    expect([map.get("huge"), map.size, map.used]).toEqual([undefined, 2, 10])
    map.clear()
    expect([map.size, map.used]).toEqual([0, 0])
  })
})
