import { describe, it } from "vitest"
import { ReportFiled } from "#events/contracts/moderation.ts"
import { given } from "#events/testing.ts"
import { report } from "./report.ts"

const filed = {
  reportId: "r1",
  reporterId: "fan",
  kind: "comment",
  itemId: "c1",
  authorId: "troll",
  reason: "harassment",
  details: "",
  seen: "you sing like a goat",
} as const

describe("a report", () => {
  it("is filed once while it is open", () => {
    given(report, [])
      .when({ _tag: "FileReport", ...filed })
      .thenEmits([new ReportFiled(filed)])
    given(report, [new ReportFiled(filed)])
      .when({ _tag: "FileReport", ...filed, reportId: "r2" })
      .thenFails("ReportOpen")
  })
})
