import { describe, expect, it } from "vitest"
import { searchTerms } from "./search-terms.ts"

describe("a question as search terms", () => {
  it("requires every word and takes the last as a prefix", () => {
    expect(searchTerms("Harbour lig")).toBe("harbour & lig:*")
  })

  it("keeps words of any script and drops what the query syntax would read", () => {
    expect(searchTerms("été & ! naïve | (rain):* <-> 'xy'")).toBe("été & naïve & rain & xy:*")
    expect(searchTerms("夜の海")).toBe("夜の海:*")
  })

  it("has nothing to look for in punctuation alone, or in one character", () => {
    expect(searchTerms("  &|!:*  ")).toBeUndefined()
    expect(searchTerms("a")).toBeUndefined()
  })

  it("leaves out a last word of one character, as still being typed", () => {
    expect(searchTerms("harbour l")).toBe("harbour")
    expect(searchTerms("harbour li")).toBe("harbour & li:*")
  })

  it("looks for twelve words at most", () => {
    const question = Array.from({ length: 20 }, (_, i) => `w${i}`).join(" ")
    expect(searchTerms(question)?.split(" & ")).toHaveLength(12)
  })
})
