import { Data, Either, Schema } from "effect"
import { EmailClaimed, UsernameClaimed } from "#events/contracts/identity.ts"
import type { Decider } from "#events/decider.ts"

/** Someone holds it already. */
export class AlreadyClaimed extends Data.TaggedError("AlreadyClaimed") {}

/** A username or an e-mail address is someone's for good once claimed: the first claim wins. */
const claimOnce = <E>(
  claimed: (userId: string, name: string) => E,
): Decider<{ readonly userId: string; readonly name: string }, E, boolean, AlreadyClaimed> => ({
  initialState: false,
  evolve: () => true,
  decide: (command, taken) =>
    taken
      ? Either.left(new AlreadyClaimed())
      : Either.right([claimed(command.userId, command.name)]),
})

export const usernameClaim = claimOnce(
  (userId, username) => new UsernameClaimed({ userId, username }),
)
export const usernameClaimEvents = Schema.Union(UsernameClaimed)

export const emailClaim = claimOnce((userId, email) => new EmailClaimed({ userId, email }))
export const emailClaimEvents = Schema.Union(EmailClaimed)
