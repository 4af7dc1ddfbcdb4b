import { describe, expect, it } from "vitest"
import { scrub, scrubText, scrubUrl } from "./scrub.ts"

describe("scrub", () => {
  it("masks secret query parameters and keeps the rest", () => {
    expect(scrubUrl("/api/verify-email?token=abc123&lang=en")).toBe(
      "/api/verify-email?token=%5Bredacted%5D&lang=en",
    )
    expect(scrubUrl("/api/health")).toBe("/api/health")
  })

  it("masks secret-named keys at any depth", () => {
    expect(
      scrub({
        user: { name: "Ada", password: "hunter2" },
        headers: { Cookie: "sid=1", accept: "json" },
        apiKey: "k",
      }),
    ).toEqual({
      user: { name: "Ada", password: "[redacted]" },
      headers: { Cookie: "[redacted]", accept: "json" },
      apiKey: "[redacted]",
    })
  })

  it("masks credentials inside free text", () => {
    expect(scrubText("failed with Authorization: Bearer eyJhbGciOi.abc")).toBe(
      "failed with Authorization: Bearer [redacted]",
    )
    expect(scrubText("key sk_live_51Habc and sk-proj-abcdefghijklmnopqrstu")).toBe(
      "key [redacted] and [redacted]",
    )
  })

  it("bounds depth", () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }
    expect(JSON.stringify(scrub(deep))).toContain("[too deep]")
  })
})
