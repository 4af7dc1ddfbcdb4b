import { Effect, Either } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import type { PlanId } from "#events/contracts/billing.ts"
import { EventStore } from "#events/store/index.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import type { Recorded } from "./payment-facts.ts"
import type { PaidInvoice } from "./payment-provider.ts"
import { upgradeCredits } from "./proration.ts"
import { makeProviderPayments } from "./provider-payments.ts"

/**
 * An upgrade's prorated invoice, paid: not a plan's price (which would be a payment mismatch) but a part
 * of the plans' difference, which grants that part of the difference in credits (proration.ts). It is
 * recorded once by its invoice, whether the change request, a webhook or both report it, in any order.
 */
export const makeUpgradeInvoices = Effect.gen(function* () {
  const accounts = yield* CreditAccounts
  const eventStore = yield* EventStore
  const providerPayments = yield* makeProviderPayments

  const upgradePaid = (
    userId: string,
    change: { readonly fromPlan: PlanId; readonly toPlan: PlanId },
    invoice: PaidInvoice,
    actor: Actor,
  ) =>
    Effect.gen(function* () {
      const account = yield* accounts.load(userId)
      const ours =
        account.subscription?.id === invoice.subscriptionId ||
        account.pastSubscriptions.includes(invoice.subscriptionId)
      if (!ours) {
        yield* Effect.logWarning("An upgrade's invoice for a subscription the account never had", {
          invoiceId: invoice.invoiceId,
        })
        return "mismatched" as Recorded
      }
      const credits = upgradeCredits(
        change.fromPlan,
        change.toPlan,
        invoice.subtotalCents ?? invoice.amountCents,
      )
      const outcome = yield* Effect.either(
        eventStore.transaction(
          Effect.gen(function* () {
            yield* accounts.execute(
              {
                _tag: "RecordSubscriptionInvoice",
                userId,
                subscriptionId: invoice.subscriptionId,
                plan: change.toPlan,
                invoiceId: invoice.invoiceId,
                amount: credits,
                amountCents: invoice.amountCents,
                currency: invoice.currency,
                taxCents: invoice.taxCents,
                periodEnd: invoice.periodEnd,
                checkoutSessionId: null,
                upgradedFrom: change.fromPlan,
              },
              actor,
            )
            if (invoice.charge !== undefined) {
              yield* providerPayments.remember(invoice.charge, {
                paymentId: invoice.invoiceId,
                userId,
                amountCents: invoice.amountCents,
                currency: invoice.currency,
                credits,
              })
            }
          }),
        ),
      )
      if (Either.isRight(outcome)) return "processed" as Recorded
      if (outcome.left._tag === "AlreadyGranted") return "already_processed" as Recorded
      return yield* Effect.die(outcome.left)
    })

  return { upgradePaid }
})
