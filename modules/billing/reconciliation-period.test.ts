import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { reconciliationPeriod, yesterday } from "./reconciliation-period.ts"

describe("a reconciliation's period", () => {
  it("runs from the first day's midnight to the midnight after the last (UTC), both days included", () => {
    expect(reconciliationPeriod("2026-02-27", "2026-03-01")).toEqual(
      Either.right({
        from: new Date("2026-02-27T00:00:00Z"),
        until: new Date("2026-03-02T00:00:00Z"),
      }),
    )
    expect(yesterday(new Date("2026-03-01T02:17:00Z"))).toEqual({
      from: new Date("2026-02-28T00:00:00Z"),
      until: new Date("2026-03-01T00:00:00Z"),
    })
  })

  it("refuses days that do not exist, other shapes, a reversed period and one over a year", () => {
    expect(reconciliationPeriod("2026-02-30", "2026-03-01")).toEqual(
      Either.left('from must be a date such as 2026-03-01, not "2026-02-30".'),
    )
    expect(reconciliationPeriod("2026-03-01", "1/3/2026")).toEqual(
      Either.left('to must be a date such as 2026-03-31, not "1/3/2026".'),
    )
    expect(reconciliationPeriod("2026-03-02", "2026-03-01")).toEqual(
      Either.left("from (2026-03-02) must not be after to (2026-03-01)."),
    )
    expect(Either.isLeft(reconciliationPeriod("2025-01-01", "2026-03-01"))).toBe(true)
  })
})
