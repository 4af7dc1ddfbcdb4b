import { describe, expect, it } from "@effect/vitest"
import {
  couldNotRetrieve,
  dateUnavailable,
  describeDateTime,
  northernSeason,
  unknownSeason,
} from "./date-time.ts"

const november = new Date("2026-11-21T08:50:00Z")

describe("date and season", () => {
  it("names the date, the time and both hemispheres' seasons", () => {
    expect(describeDateTime(november)).toEqual({
      datetime_info:
        "It is Saturday, 21 November 2026, 08:50 UTC. It is autumn in the northern hemisphere and spring in the southern.",
    })
  })

  it("names one hemisphere's season when asked", () => {
    expect(describeDateTime(november, "south").datetime_info).toContain(
      "It is spring in the southern hemisphere.",
    )
    expect(describeDateTime(november, "Northern").datetime_info).toContain(
      "It is autumn in the northern hemisphere.",
    )
  })

  it("says 'Unknown season' for a hemisphere it does not know", () => {
    expect(describeDateTime(november, "mars").datetime_info).toContain(unknownSeason)
  })

  it("falls back when the date cannot be read", () => {
    expect(describeDateTime(new Date(Number.NaN))).toEqual({
      datetime_info: dateUnavailable,
      error: couldNotRetrieve,
    })
  })

  it("uses meteorological seasons", () => {
    const season = (iso: string) => northernSeason(new Date(iso))
    expect(season("2026-12-01T00:00:00Z")).toBe("winter")
    expect(season("2026-02-28T23:59:59Z")).toBe("winter")
    expect(season("2026-03-01T00:00:00Z")).toBe("spring")
    expect(season("2026-06-01T00:00:00Z")).toBe("summer")
    expect(season("2026-09-01T00:00:00Z")).toBe("autumn")
  })
})
