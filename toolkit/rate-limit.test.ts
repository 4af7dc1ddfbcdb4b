import { describe, expect, it } from "vitest"
import { secondsUntilAllowed } from "./rate-limit.ts"

describe("the sliding estimate of a rate limit", () => {
  it("lets the limit's attempts through within one window", () => {
    expect(secondsUntilAllowed(30, 600, { hits: 30, previous: 0, elapsed: 10 })).toBeUndefined()
    expect(secondsUntilAllowed(30, 600, { hits: 31, previous: 0, elapsed: 100 })).toBe(500)
  })

  it("still counts a burst that straddles a window's edge", () => {
    // 29 attempts at the end of one window and 2 at the start of the next: 31 within a few seconds.
    expect(secondsUntilAllowed(30, 600, { hits: 2, previous: 29, elapsed: 3 })).toBe(18)
    expect(secondsUntilAllowed(30, 600, { hits: 2, previous: 29, elapsed: 21 })).toBeUndefined()
  })

  it("forgets the previous window as the sliding window leaves it", () => {
    expect(secondsUntilAllowed(30, 600, { hits: 15, previous: 30, elapsed: 300 })).toBeUndefined()
    expect(secondsUntilAllowed(30, 600, { hits: 16, previous: 30, elapsed: 299 })).toBe(21)
  })
})
