import { describe, expect, it } from "vitest"
import { contentRefusal, serverFieldErrors } from "./form.ts"

describe("a refusal's messages by field", () => {
  it("puts a content refusal's message at the field it names", () => {
    const refused = {
      _tag: "ContentRefused",
      field: "bio",
      reason: "flagged",
      message: "Your bio can't be published as written (hate speech). Please change the wording.",
    }
    expect(contentRefusal(refused)).toEqual({ field: "bio", message: refused.message })
    expect(serverFieldErrors(refused)).toEqual({ bio: refused.message })
  })

  it("keeps a decode error's first message per field, and reads nothing into other errors", () => {
    const decode = {
      _tag: "HttpApiDecodeError",
      issues: [
        { path: ["name"], message: "Name is required" },
        { path: ["name"], message: "Name must be a text" },
      ],
    }
    expect(serverFieldErrors(decode)).toEqual({ name: "Name is required" })
    expect(contentRefusal(decode)).toBeUndefined()
    expect(contentRefusal(new Error("offline"))).toBeUndefined()
    expect(contentRefusal(null)).toBeUndefined()
    expect(serverFieldErrors({ _tag: "NotFound", message: "gone" })).toEqual({})
  })
})
