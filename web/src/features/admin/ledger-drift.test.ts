import { describe, expect, it } from "vitest"
import { ledgerDrift } from "./ledger-drift.ts"

const entry = (position: number, amount: number, balanceAfter: number) => ({
  position,
  amount,
  balanceAfter,
})

describe("ledger drift", () => {
  it("is 0 when the entries add up to the balance and end on it", () => {
    const ledger = { balance: 130, entries: [entry(2, 150, 150), entry(5, -20, 130)] }
    expect(ledgerDrift(ledger)).toEqual({ summed: 130, running: 130, drift: 0 })
  })

  it("is 0 for an account nothing has moved", () => {
    expect(ledgerDrift({ balance: 0, entries: [] }).drift).toBe(0)
  })

  it("is how far the balance is from the entries' sum", () => {
    const ledger = { balance: 125, entries: [entry(2, 150, 150), entry(5, -20, 130)] }
    expect(ledgerDrift(ledger).drift).toBe(-5)
  })

  it("catches a running balance that went wrong although the sum agrees", () => {
    const ledger = { balance: 130, entries: [entry(5, -20, 135), entry(2, 150, 150)] }
    expect(ledgerDrift(ledger)).toEqual({ summed: 130, running: 135, drift: -5 })
  })
})
