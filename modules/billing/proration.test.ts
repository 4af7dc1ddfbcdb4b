import { describe, expect, it } from "@effect/vitest"
import { periodStartOf, prorationCents, upgradeCredits } from "./proration.ts"

const renewsAt = new Date("2026-07-01T00:00:00Z")

describe("an upgrade's proration", () => {
  it("given half the period left, when Basic becomes Premium, then half the difference is charged", () => {
    const half = new Date("2026-06-16T00:00:00Z")
    expect(periodStartOf(renewsAt)).toEqual(new Date("2026-06-01T00:00:00Z"))
    expect(prorationCents("BASIC", "PREMIUM", half, renewsAt)).toBe(1750)
  })

  it("given the period over or not begun, then nothing, or the whole difference", () => {
    expect(prorationCents("BASIC", "PRO", renewsAt, renewsAt)).toBe(0)
    expect(prorationCents("BASIC", "PRO", new Date("2026-06-01T00:00:00Z"), renewsAt)).toBe(830)
    expect(prorationCents("PRO", "BASIC", new Date("2026-06-16T00:00:00Z"), renewsAt)).toBe(0)
  })

  it("given a month of 31 days ending on the 31st, then its period starts on the last of the month before", () => {
    expect(periodStartOf(new Date("2026-03-31T00:00:00Z"))).toEqual(
      new Date("2026-02-28T00:00:00Z"),
    )
  })

  it("when an upgrade's invoice is paid, then it grants the difference pro rata, rounded down", () => {
    expect(upgradeCredits("BASIC", "PREMIUM", 1750)).toBe(450)
    expect(upgradeCredits("BASIC", "PRO", 1)).toBe(0)
    expect(upgradeCredits("BASIC", "PRO", 415)).toBe(100)
  })

  it("when the invoice says more than the plans' difference, then no more than the difference", () => {
    expect(upgradeCredits("BASIC", "PREMIUM", 999_999)).toBe(900)
    expect(upgradeCredits("PREMIUM", "BASIC", 500)).toBe(0)
    expect(upgradeCredits("PRO", "PRO", 500)).toBe(0)
  })
})
