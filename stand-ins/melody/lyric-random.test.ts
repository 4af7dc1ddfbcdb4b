import { describe, expect, it } from "@effect/vitest"
import { hashText, seededRandom } from "./lyric-random.ts"

describe("seededRandom", () => {
  it("repeats itself for the same seed and differs for another", () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed)
      return Array.from({ length: 5 }, () => random.next())
    }
    expect(draw(42)).toEqual(draw(42))
    expect(draw(42)).not.toEqual(draw(43))
  })

  it("draws numbers in [0, 1) spread over the interval", () => {
    const random = seededRandom(7)
    const draws = Array.from({ length: 2000 }, () => random.next())
    expect(draws.every((value) => value >= 0 && value < 1)).toBe(true)
    const low = draws.filter((value) => value < 0.5).length
    expect(low).toBeGreaterThan(900)
    expect(low).toBeLessThan(1100)
  })

  it("shuffles into a permutation and leaves the input alone", () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8]
    const shuffled = seededRandom(1).shuffle(items)
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items)
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })

  it("picks nothing from nothing", () => {
    expect(seededRandom(1).pick([])).toBeUndefined()
    expect(seededRandom(1).pick(["only"])).toBe("only")
  })
})

describe("hashText", () => {
  it("is stable and tells near-identical texts apart", () => {
    expect(hashText("garden")).toBe(hashText("garden"))
    expect(hashText("garden")).not.toBe(hashText("gardem"))
    expect(hashText("")).toBeGreaterThanOrEqual(0)
  })
})
