import { describe, expect, it } from "vitest"
import { secretEquals } from "./secret-equals.ts"

describe("comparing a secret", () => {
  it("is true only for the same text", () => {
    expect(secretEquals("s3cret-callback", "s3cret-callback")).toBe(true)
    expect(secretEquals("s3cret-callbacK", "s3cret-callback")).toBe(false)
    expect(secretEquals("s3cret", "s3cret-callback")).toBe(false)
    expect(secretEquals("", "s3cret-callback")).toBe(false)
    expect(secretEquals("", "")).toBe(true)
    expect(secretEquals("café", "cafe\u0301")).toBe(false)
  })
})
