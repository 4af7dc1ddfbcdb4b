import { Effect } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import type { CreditCommand } from "./credit-commands.ts"

type Reversal = Extract<
  CreditCommand,
  { readonly _tag: "RecordPaymentRefund" | "RecordDispute" | "CloseDispute" }
>

/** The repeat of a report already recorded: the provider's same refund or dispute. */
const repeats = (
  command: Reversal,
  refusal: { readonly _tag: string; readonly disputeId?: string },
) =>
  refusal._tag === "PaymentAlreadyRefunded" ||
  refusal._tag === "DisputeAlreadyClosed" ||
  (refusal._tag === "AlreadyDisputed" &&
    "disputeId" in command &&
    refusal.disputeId === command.disputeId)

/**
 * Refunds and disputes as a provider reports them: recorded once on the account of the payment; a report
 * that comes again, late or out of order, changes nothing. A payment the account never credited (it did
 * not match its offer: finance settles it by hand) records nothing either. Anything else is a defect.
 */
export const makeProviderReversals = Effect.gen(function* () {
  const accounts = yield* CreditAccounts

  const reported = (command: Reversal, actor: Actor) =>
    accounts.execute(command, actor).pipe(
      Effect.asVoid,
      Effect.catchAll((refusal) => {
        if (repeats(command, refusal)) return Effect.void
        if (refusal._tag === "UnknownPayment") {
          return Effect.logWarning(
            `A ${command._tag} of payment ${command.paymentId}, which granted no credits, recorded nothing`,
          )
        }
        return Effect.die(refusal)
      }),
    )

  return { reported }
})
