import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { UserRegistered } from "#events/contracts/identity.ts"
import { SongGenerationFailed } from "#events/contracts/media.ts"
import { StemsFailed } from "#events/contracts/stems.ts"
import { decodeAll, type Subscription } from "#events/store/index.ts"
import { paymentFailedMails } from "./billing-mails.ts"
import { BillingConfig } from "./config.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { receipts } from "./receipts.ts"

const decodeRegistrations = decodeAll(UserRegistered)
const decodeFailures = decodeAll(SongGenerationFailed)
const decodeStemsFailures = decodeAll(StemsFailed)

/** Gives a debit's credits back; one already given back, or never taken, is left as it is. */
const refund = (
  accounts: CreditAccounts["Type"],
  userId: string,
  generationId: string,
  refunder: string,
) =>
  accounts.execute({ _tag: "Refund", userId, generationId }, Actors.system(refunder)).pipe(
    Effect.catchIf(
      (refusal) => refusal._tag === "AlreadyRefunded" || refusal._tag === "NotDebited",
      () => Effect.void,
    ),
  )

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
      for (const { event } of yield* decodeFailures(events))
        yield* refund(accounts, event.userId, event.generationId, "generation-refunds")
    }),
}

/**
 * Paid stems that could not be made give their credits back, once: keyed by the request's charge, so a
 * failure delivered again refunds nothing more; free stems have no charge and nothing to give back.
 */
export const refundFailedStems: Subscription<CreditAccounts> = {
  name: "billing:refund-failed-stems",
  types: ["StemsFailed"],
  onPoison: "pause",
  handle: (events) =>
    Effect.gen(function* () {
      const accounts = yield* CreditAccounts
      for (const { event } of yield* decodeStemsFailures(events)) {
        if (event.chargeId === null) continue
        yield* refund(accounts, event.userId, event.chargeId, "stems-refunds")
      }
    }),
}

/** Billing's reactions to other modules' events. */
export const billingReactions = [
  signupCredits,
  refundFailedGenerations,
  refundFailedStems,
  paymentFailedMails,
  receipts,
] as const
