import { describe, expect, it } from "@effect/vitest"
import { toCsv } from "./csv.ts"

describe("csv", () => {
  it("quotes what needs quoting and leaves the rest", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["plain", 5],
          ['say "hi", then go', -5],
        ],
      ),
    ).toBe('a,b\r\nplain,5\r\n"say ""hi"", then go",-5\r\n')
  })

  it("keeps a spreadsheet from running a typed text as a formula", () => {
    expect(toCsv(["reason"], [['=HYPERLINK("x")'], ["-10 goodwill"], ["@SUM(A1)"]])).toBe(
      'reason\r\n"\'=HYPERLINK(""x"")"\r\n\'-10 goodwill\r\n\'@SUM(A1)\r\n',
    )
  })
})
