import { describe, expect, it } from "vitest"
import { postedAgo } from "./posted-ago.ts"

const now = Date.parse("2026-11-30T12:00:00Z")
const secondsBefore = (seconds: number) => new Date(now - seconds * 1000)

describe("postedAgo", () => {
  it("says the largest whole unit that has passed", () => {
    expect(postedAgo(secondsBefore(20), now)).toBe("just now")
    expect(postedAgo(secondsBefore(3 * 60), now)).toBe("3 minutes ago")
    expect(postedAgo(secondsBefore(2 * 3600), now)).toBe("2 hours ago")
    expect(postedAgo(secondsBefore(26 * 3600), now)).toBe("yesterday")
    expect(postedAgo(secondsBefore(15 * 24 * 3600), now)).toBe("2 weeks ago")
    expect(postedAgo(secondsBefore(400 * 24 * 3600), now)).toBe("last year")
  })
})
