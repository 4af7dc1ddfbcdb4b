import { describe, expect, it } from "vitest"
import { ledgerParams, monthsOf, noLedgerFilters } from "./ledger-filters.ts"

describe("ledger filters", () => {
  it("leave out what is empty, and join causes with commas", () => {
    expect(ledgerParams(noLedgerFilters)).toEqual({})
    expect(ledgerParams({ causes: ["checkout", "invoice"], from: "2026-01-01", to: "" })).toEqual({
      cause: "checkout,invoice",
      from: "2026-01-01",
    })
  })

  it("find each month once, newest first, in UTC as statements count them", () => {
    const at = (iso: string) => ({ recordedAt: new Date(iso) })
    expect(
      monthsOf([
        at("2025-12-31T23:30:00-02:00"),
        at("2026-01-15T00:00:00Z"),
        at("2025-11-02T00:00:00Z"),
      ]),
    ).toEqual(["2026-01", "2025-11"])
  })
})
