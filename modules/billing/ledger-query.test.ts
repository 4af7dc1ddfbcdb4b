import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { ledgerFilter, statementMonth } from "./ledger-query.ts"

const right = <A>(either: Either.Either<A, string>) => Either.getOrThrow(either)

describe("ledger query", () => {
  it("reads dates as whole UTC days and date-times to the instant, `to` inclusive", () => {
    expect(right(ledgerFilter({ from: "2026-01-31", to: "2026-01-31" }))).toEqual({
      from: new Date("2026-01-31T00:00:00Z"),
      until: new Date("2026-02-01T00:00:00Z"),
    })
    expect(right(ledgerFilter({ to: "2026-01-31T12:00:00+02:00" }))).toEqual({
      until: new Date("2026-01-31T10:00:00.001Z"),
    })
    expect(right(ledgerFilter({ from: "2026-01-31T12:00" }))).toEqual({
      from: new Date("2026-01-31T12:00:00Z"),
    })
    expect(right(ledgerFilter({ cause: "invoice, checkout" }))).toEqual({
      causes: ["invoice", "checkout"],
    })
    expect(right(ledgerFilter({}))).toEqual({})
  })

  it("names the parameter it cannot read", () => {
    expect(ledgerFilter({ from: "2026-02-29" })).toEqual(
      Either.left("from must be a date (2026-03-01) or a date-time (2026-03-01T12:00:00Z)."),
    )
    for (const to of ["1738281600", "tomorrow", "2026-01-31T24:00:00Z", "2026-01-31 12:00"]) {
      expect(ledgerFilter({ to })).toEqual(
        Either.left("to must be a date (2026-03-01) or a date-time (2026-03-01T12:00:00Z)."),
      )
    }
    expect(ledgerFilter({ cause: "checkout,refund" })).toEqual(
      Either.left(
        "cause must be one or more of signup, checkout, invoice, generation, adjustment, daily, separated by commas.",
      ),
    )
    expect(ledgerFilter({ from: "2026-02-01", to: "2026-01-31" })).toEqual(
      Either.left("from must come before to."),
    )
  })

  it("reads a month as YYYY-MM, December running into January", () => {
    expect(right(statementMonth("2025-12"))).toEqual({
      from: new Date("2025-12-01T00:00:00Z"),
      until: new Date("2026-01-01T00:00:00Z"),
    })
    for (const bad of ["2025-00", "2025-13", "2025-1", "25-01", "2025-01-01"]) {
      expect(Either.isLeft(statementMonth(bad))).toBe(true)
    }
  })
})
