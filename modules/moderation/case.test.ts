import { describe, it } from "vitest"
import {
  AppealDecided,
  HidingAppealed,
  ReportFiled,
  ReportsDecided,
} from "#events/contracts/moderation.ts"
import { given } from "#events/testing.ts"
import { moderationCase } from "./case.ts"

const item = { kind: "comment", itemId: "c1" } as const
const filed = (reportId: string, reporterId: string) =>
  new ReportFiled({
    ...item,
    reportId,
    reporterId,
    authorId: "troll",
    reason: "harassment",
    details: "",
    seen: "you sing like a goat",
  })
const { _tag: _, ...filing } = filed("r1", "fan")
const hidden = new ReportsDecided({
  ...item,
  authorId: "troll",
  adminId: "ada",
  outcome: "hidden",
  reason: "Insults another person.",
  reports: [{ reportId: "r1", reporterId: "fan" }],
})
const appealed = new HidingAppealed({ ...item, authorId: "troll", text: "It was a joke." })

describe("an item's case", () => {
  it("takes one open report per person", () => {
    given(moderationCase, [])
      .when({ _tag: "FileReport", ...filing })
      .thenEmits([filed("r1", "fan")])
    given(moderationCase, [filed("r1", "fan")])
      .when({ _tag: "FileReport", ...filing, reportId: "r2" })
      .thenFails("ReportOpen")
    given(moderationCase, [filed("r1", "fan"), hidden])
      .when({ _tag: "FileReport", ...filing, reportId: "r2" })
      .thenEmits([filed("r2", "fan")])
  })

  it("closes every open report with its decision, naming whom to tell", () => {
    given(moderationCase, [filed("r1", "fan"), filed("r2", "critic")])
      .when({ _tag: "Decide", ...item, adminId: "ada", outcome: "dismissed", reason: "Banter." })
      .thenEmits([
        new ReportsDecided({
          ...item,
          authorId: "troll",
          adminId: "ada",
          outcome: "dismissed",
          reason: "Banter.",
          reports: [
            { reportId: "r1", reporterId: "fan" },
            { reportId: "r2", reporterId: "critic" },
          ],
        }),
      ])
  })

  it("refuses a decision with nothing to decide", () => {
    const dismiss = {
      _tag: "Decide",
      ...item,
      adminId: "ada",
      outcome: "dismissed",
      reason: "",
    } as const
    given(moderationCase, []).when(dismiss).thenFails("NothingToDecide")
    given(moderationCase, [filed("r1", "fan"), hidden])
      .when(dismiss)
      .thenFails("NothingToDecide")
    given(moderationCase, [filed("r1", "fan"), hidden])
      .when({ ...dismiss, outcome: "hidden" })
      .thenFails("NothingToDecide")
  })

  it("takes one appeal from the author of a hidden item", () => {
    const appeal = { _tag: "Appeal", ...item, authorId: "troll", text: "It was a joke." } as const
    given(moderationCase, [filed("r1", "fan")])
      .when(appeal)
      .thenFails("NotHidden")
    given(moderationCase, [filed("r1", "fan"), hidden])
      .when({ ...appeal, authorId: "fan" })
      .thenFails("NotTheAuthor")
    given(moderationCase, [filed("r1", "fan"), hidden])
      .when(appeal)
      .thenEmits([appealed])
    given(moderationCase, [filed("r1", "fan"), hidden, appealed])
      .when(appeal)
      .thenFails("AppealTaken")
  })

  it("has another admin decide the appeal, once", () => {
    const decide = {
      _tag: "DecideAppeal",
      ...item,
      adminId: "grace",
      restored: true,
      reason: "A joke between friends.",
    } as const
    const restored = new AppealDecided({ ...decide, authorId: "troll" })
    given(moderationCase, [filed("r1", "fan"), hidden])
      .when(decide)
      .thenFails("NoOpenAppeal")
    given(moderationCase, [filed("r1", "fan"), hidden, appealed])
      .when({ ...decide, adminId: "ada" })
      .thenFails("OwnHiding")
    given(moderationCase, [filed("r1", "fan"), hidden, appealed])
      .when(decide)
      .thenEmits([restored])
    given(moderationCase, [filed("r1", "fan"), hidden, appealed, restored])
      .when(decide)
      .thenFails("NoOpenAppeal")
  })
})
