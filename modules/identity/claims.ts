import { Data, Either, Schema } from "effect"
import { EmailClaimed, UsernameClaimed } from "#events/contracts/identity.ts"
import type { Decider } from "#events/decider.ts"

/** Someone holds it already. */
export class AlreadyClaimed extends Data.TaggedError("AlreadyClaimed") {}

/**
 * A username or an e-mail address is someone's for good once claimed: the first claim wins, and a claim
 * by its holder again (an address taken back) is already theirs.
 */
const claimOnce = <E extends { readonly userId: string }>(
  claimed: (userId: string, name: string) => E,
): Decider<
  { readonly userId: string; readonly name: string },
  E,
  string | undefined,
  AlreadyClaimed
> => ({
  initialState: undefined,
  evolve: (holder, event) => holder ?? event.userId,
  decide: (command, holder) =>
    holder === undefined
      ? Either.right([claimed(command.userId, command.name)])
      : holder === command.userId
        ? Either.right([])
        : Either.left(new AlreadyClaimed()),
})

export const usernameClaim = claimOnce(
  (userId, username) => new UsernameClaimed({ userId, username }),
)
export const usernameClaimEvents = Schema.Union(UsernameClaimed)

export const emailClaim = claimOnce((userId, email) => new EmailClaimed({ userId, email }))
export const emailClaimEvents = Schema.Union(EmailClaimed)
