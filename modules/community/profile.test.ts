import { describe, it } from "vitest"
import { CreatorProfileEdited } from "#events/contracts/community.ts"
import { given } from "#events/testing.ts"
import { profile } from "./profile.ts"

const text = { userId: "ada", name: "Ada", bio: "I write songs.", links: ["https://ada.example"] }

describe("a creator's profile", () => {
  it("records what its creator writes, and nothing when it is what is there", () => {
    given(profile, [])
      .when({ _tag: "EditProfile", ...text })
      .thenEmits([new CreatorProfileEdited(text)])
    given(profile, [new CreatorProfileEdited(text)])
      .when({ _tag: "EditProfile", ...text })
      .thenNothing()
    const moved = { ...text, links: ["https://other.example"] }
    given(profile, [new CreatorProfileEdited(text)])
      .when({ _tag: "EditProfile", ...moved })
      .thenEmits([new CreatorProfileEdited(moved)])
  })
})
