import { describe, expect, it } from "@effect/vitest"
import { attachment, parseRange } from "./file-response.ts"

describe("byte ranges", () => {
  it("reads the forms players send", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 })
    expect(parseRange("bytes=500-", 1000)).toEqual({ start: 500, end: 999 })
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange("bytes=900-5000", 1000)).toEqual({ start: 900, end: 999 })
  })

  it("answers the whole file for no range or several", () => {
    expect(parseRange(undefined, 1000)).toBeUndefined()
    expect(parseRange("bytes=0-1,5-9", 1000)).toBeUndefined()
    expect(parseRange("lines=1-2", 1000)).toBeUndefined()
  })

  it("says when a range lies outside the file", () => {
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable")
    expect(parseRange("bytes=5-2", 1000)).toBe("unsatisfiable")
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable")
  })
})

describe("download names", () => {
  it("keeps any title, in ASCII and in UTF-8", () => {
    expect(attachment('Café "Noir".mp3')).toBe(
      `attachment; filename="Caf_ _Noir_.mp3"; filename*=UTF-8''Caf%C3%A9%20%22Noir%22.mp3`,
    )
  })
})
