import { describe, it } from "vitest"
import { CreatorAvatarChanged, CreatorProfileEdited } from "#events/contracts/community.ts"
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

  it("records a new avatar with the one it replaces, and nothing when the drawn one stays", () => {
    const first = new CreatorAvatarChanged({
      userId: "ada",
      avatarKey: "a.webp",
      previousKey: null,
    })
    given(profile, [new CreatorProfileEdited(text)])
      .when({ _tag: "SetAvatar", userId: "ada", avatarKey: "a.webp" })
      .thenEmits([first])
    given(profile, [first])
      .when({ _tag: "SetAvatar", userId: "ada", avatarKey: "b.webp" })
      .thenEmits([
        new CreatorAvatarChanged({ userId: "ada", avatarKey: "b.webp", previousKey: "a.webp" }),
      ])
    given(profile, [first])
      .when({ _tag: "SetAvatar", userId: "ada", avatarKey: null })
      .thenEmits([
        new CreatorAvatarChanged({ userId: "ada", avatarKey: null, previousKey: "a.webp" }),
      ])
    given(profile, [new CreatorProfileEdited(text)])
      .when({ _tag: "SetAvatar", userId: "ada", avatarKey: null })
      .thenNothing()
    // Words written after an avatar keep it.
    given(profile, [first, new CreatorProfileEdited(text)])
      .when({ _tag: "SetAvatar", userId: "ada", avatarKey: "a.webp" })
      .thenNothing()
  })
})
