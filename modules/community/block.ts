import { Either } from "effect"
import { type BlockEvent, PersonBlocked, PersonUnblocked } from "#events/contracts/community.ts"
import type { Decider } from "#events/decider.ts"

/**
 * One person blocking another: blocking twice changes nothing, nor does unblocking someone not blocked.
 * Who may be blocked (someone who exists, never oneself) is checked before the command.
 */
export type BlockCommand =
  | { readonly _tag: "Block"; readonly blockerId: string; readonly blockedId: string }
  | { readonly _tag: "Unblock"; readonly blockerId: string; readonly blockedId: string }

export const block: Decider<BlockCommand, BlockEvent, boolean, never> = {
  initialState: false,
  evolve: (_blocking, event) => event._tag === "PersonBlocked",
  decide: (command, blocking) => {
    const pair = { blockerId: command.blockerId, blockedId: command.blockedId }
    switch (command._tag) {
      case "Block":
        return Either.right(blocking ? [] : [new PersonBlocked(pair)])
      case "Unblock":
        return Either.right(blocking ? [new PersonUnblocked(pair)] : [])
    }
  },
}
