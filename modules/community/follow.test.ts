import { describe, it } from "vitest"
import { CreatorFollowed, CreatorUnfollowed } from "#events/contracts/community.ts"
import { given } from "#events/testing.ts"
import { follow } from "./follow.ts"

const pair = { followerId: "fan", creatorId: "maker" }
const followed = new CreatorFollowed(pair)
const unfollowed = new CreatorUnfollowed(pair)

describe("a follow", () => {
  it("is recorded once, however often it is asked for", () => {
    given(follow, [])
      .when({ _tag: "Follow", ...pair })
      .thenEmits([followed])
    given(follow, [followed])
      .when({ _tag: "Follow", ...pair })
      .thenNothing()
    given(follow, [followed, unfollowed])
      .when({ _tag: "Follow", ...pair })
      .thenEmits([followed])
  })

  it("ends only when it stands", () => {
    given(follow, [followed])
      .when({ _tag: "Unfollow", ...pair })
      .thenEmits([unfollowed])
    given(follow, [])
      .when({ _tag: "Unfollow", ...pair })
      .thenNothing()
    given(follow, [followed, unfollowed])
      .when({ _tag: "Unfollow", ...pair })
      .thenNothing()
  })
})
