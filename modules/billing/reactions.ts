import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { UserRegistered } from "#events/contracts/identity.ts"
import { decodeAll, type Subscription } from "#events/store/index.ts"
import { BillingConfig } from "./config.ts"
import { CreditAccounts } from "./credit-accounts.ts"

const decodeRegistrations = decodeAll(UserRegistered)

/**
 * Every new user gets a credit account, with the sign-up credits the configuration grants (none by
 * default). The grant is keyed by the user, so a replayed registration grants nothing more.
 */
export const signupCredits: Subscription<CreditAccounts | BillingConfig> = {
  name: "billing:signup-credits",
  types: ["UserRegistered"],
  onPoison: "pause",
  handle: (events) =>
    Effect.gen(function* () {
      const accounts = yield* CreditAccounts
      const { signupCredits: amount } = yield* BillingConfig
      for (const { event } of yield* decodeRegistrations(events)) {
        yield* accounts.open(event.userId)
        if (amount === 0) continue
        yield* accounts
          .execute(
            { _tag: "GrantSignupCredits", userId: event.userId, amount },
            Actors.system("signup-credits"),
          )
          .pipe(Effect.catchTag("AlreadyGranted", () => Effect.void))
      }
    }),
}

/** Billing's reactions to other modules' events. */
export const billingReactions = [signupCredits] as const
