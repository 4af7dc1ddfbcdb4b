import { describe, it } from "@effect/vitest"
import { EmailClaimed } from "#events/contracts/identity.ts"
import { given } from "#events/testing.ts"
import { emailClaim } from "./claims.ts"

describe("an address's claim", () => {
  const claimed = new EmailClaimed({ userId: "u1", email: "a@example.com" })

  it("goes to the first to claim it, and is refused to anyone else", () => {
    given(emailClaim, []).when({ userId: "u1", name: "a@example.com" }).thenEmits([claimed])
    given(emailClaim, [claimed])
      .when({ userId: "u2", name: "a@example.com" })
      .thenFails("AlreadyClaimed")
  })

  it("is its holder's already when they claim it again, as taking an address back does", () => {
    given(emailClaim, [claimed]).when({ userId: "u1", name: "a@example.com" }).thenEmits([])
  })
})
