import { describe, expect, it } from "vitest"
import { ledgerDrift } from "./ledger-drift.ts"

describe("ledger drift", () => {
  it("is 0 when the entries add up to the balance and end on it", () => {
    expect(ledgerDrift({ balance: 130, summed: 130, running: 130 })).toBe(0)
  })

  it("is 0 for an account nothing has moved", () => {
    expect(ledgerDrift({ balance: 0, summed: 0, running: 0 })).toBe(0)
  })

  it("is how far the balance is from the entries' sum", () => {
    expect(ledgerDrift({ balance: 125, summed: 130, running: 130 })).toBe(-5)
  })

  it("catches a running balance that went wrong although the sum agrees", () => {
    expect(ledgerDrift({ balance: 130, summed: 130, running: 135 })).toBe(-5)
  })
})
