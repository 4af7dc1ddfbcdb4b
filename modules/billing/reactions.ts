import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { UserRegistered } from "#events/contracts/identity.ts"
import { SongGenerationFailed } from "#events/contracts/media.ts"
import { decodeAll, type Subscription } from "#events/store/index.ts"
import { BillingConfig } from "./config.ts"
import { CreditAccounts } from "./credit-accounts.ts"

const decodeRegistrations = decodeAll(UserRegistered)
const decodeFailures = decodeAll(SongGenerationFailed)

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

/**
 * A failed generation gives its credits back, once: the refund is keyed by the generation, so a failure
 * delivered again (or a second failure report) refunds nothing more.
 */
export const refundFailedGenerations: Subscription<CreditAccounts> = {
  name: "billing:refund-failed-generations",
  types: ["SongGenerationFailed"],
  onPoison: "pause",
  handle: (events) =>
    Effect.gen(function* () {
      const accounts = yield* CreditAccounts
      for (const { event } of yield* decodeFailures(events)) {
        yield* accounts
          .execute(
            { _tag: "Refund", userId: event.userId, generationId: event.generationId },
            Actors.system("generation-refunds"),
          )
          .pipe(
            Effect.catchIf(
              (refusal) => refusal._tag === "AlreadyRefunded" || refusal._tag === "NotDebited",
              () => Effect.void,
            ),
          )
      }
    }),
}

/** Billing's reactions to other modules' events. */
export const billingReactions = [signupCredits, refundFailedGenerations] as const
