import { describe, expect, it } from "vitest"
import { searchTerms } from "./search-terms.ts"

describe("a question as search terms", () => {
  it("requires every word and takes the last as a prefix", () => {
    expect(searchTerms("Harbour lig")).toBe("harbour & lig:*")
  })

  it("keeps words of any script and drops what the query syntax would read", () => {
    expect(searchTerms("été & ! naïve | (rain):* <-> 'x'")).toBe("été & naïve & rain & x:*")
    expect(searchTerms("夜の海")).toBe("夜の海:*")
  })

  it("has nothing to look for in punctuation alone", () => {
    expect(searchTerms("  &|!:*  ")).toBeUndefined()
  })

  it("looks for twelve words at most", () => {
    const question = Array.from({ length: 20 }, (_, i) => `w${i}`).join(" ")
    expect(searchTerms(question)?.split(" & ")).toHaveLength(12)
  })
})
