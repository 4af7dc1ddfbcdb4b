import { describe, expect, it } from "vitest"
import { upgradeEstimate } from "./upgrade-estimate.ts"

const basic = { credits: 100, priceCents: 499 }
const premium = { credits: 1000, priceCents: 3999 }
const renewsAt = new Date("2026-07-01T00:00:00Z")

describe("an upgrade's estimate", () => {
  it("given half the month left, then half the difference and half its credits", () => {
    expect(upgradeEstimate(basic, premium, renewsAt, new Date("2026-06-16T00:00:00Z"))).toEqual({
      chargedCents: 1750,
      credits: 450,
    })
  })

  it("given the renewal passed, or a cheaper plan, then nothing now", () => {
    expect(upgradeEstimate(basic, premium, renewsAt, renewsAt)).toEqual({
      chargedCents: 0,
      credits: 0,
    })
    expect(upgradeEstimate(premium, basic, renewsAt, new Date("2026-06-02T00:00:00Z"))).toEqual({
      chargedCents: 0,
      credits: 0,
    })
  })
})
