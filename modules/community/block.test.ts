import { describe, it } from "vitest"
import { PersonBlocked, PersonUnblocked } from "#events/contracts/community.ts"
import { given } from "#events/testing.ts"
import { block } from "./block.ts"

const pair = { blockerId: "listener", blockedId: "troll" }
const blocked = new PersonBlocked(pair)
const unblocked = new PersonUnblocked(pair)

describe("a block", () => {
  it("is recorded once, however often it is asked for", () => {
    given(block, [])
      .when({ _tag: "Block", ...pair })
      .thenEmits([blocked])
    given(block, [blocked])
      .when({ _tag: "Block", ...pair })
      .thenNothing()
    given(block, [blocked, unblocked])
      .when({ _tag: "Block", ...pair })
      .thenEmits([blocked])
  })

  it("is lifted only when it stands", () => {
    given(block, [blocked])
      .when({ _tag: "Unblock", ...pair })
      .thenEmits([unblocked])
    given(block, [])
      .when({ _tag: "Unblock", ...pair })
      .thenNothing()
    given(block, [blocked, unblocked])
      .when({ _tag: "Unblock", ...pair })
      .thenNothing()
  })
})
