import type { SqlClient } from "@effect/sql"
import { Effect, Either } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import type { CheckoutStarted, PackId, PlanId } from "#events/contracts/billing.ts"
import { EventStore } from "#events/store/index.ts"
import { JobQueue } from "#toolkit/jobs.ts"
import { BillingConfig } from "./config.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { type InvoiceLink, makeInvoiceLinks } from "./invoice-links.ts"
import { recordMismatch } from "./payment-mismatch.ts"
import type { PaidInvoice } from "./payment-provider.ts"
import { planById } from "./price-list.ts"
import { makeProviderPayments, type ProviderCharge } from "./provider-payments.ts"
import { declinedPayment, refundDeclinedSubscription } from "./subscription-refunds.ts"

/**
 * Whether a payment fact added credits now, had already, or added none: because what was paid is not the
 * offer's price (recorded as PaymentMismatched for finance and the admin error stream), or because it
 * paid for a second subscription while one was active (declined, its payment refunded).
 */
export type Recorded = "processed" | "already_processed" | "mismatched" | "declined"

export interface Money {
  readonly amountCents: number
  readonly currency: string
  /** The provider's charge, when it names one: refunds and disputes find the payment by it. */
  readonly charge?: ProviderCharge | undefined
  /** What was paid before tax added on top (Stripe Tax, exclusive): what the offer's price is compared to. */
  readonly subtotalCents?: number | undefined
  /** The tax in `amountCents`, as the receipt shows it. */
  readonly taxCents?: number | undefined
  /** The provider's invoice for it, which the receipt links to. */
  readonly invoice?: InvoiceLink | undefined
}

/**
 * The payment facts, the same whether a webhook, a return to /credits or the test-mode checkout reports
 * them: credits for exactly what the offer costs, once.
 */
export const makePaymentFacts = Effect.gen(function* () {
  const accounts = yield* CreditAccounts
  const store = yield* Effect.context<EventStore | SqlClient.SqlClient>()
  const eventStore = yield* EventStore
  const jobs = yield* JobQueue
  const config = yield* BillingConfig
  const providerPayments = yield* makeProviderPayments
  const invoiceLinks = yield* makeInvoiceLinks

  /**
   * The charge's lookup, with the payment: a refund of it can find it once it is recorded; and its
   * invoice, for the receipt.
   */
  const remember = (
    paid: Money,
    payment: { readonly paymentId: string; readonly userId: string; readonly credits: number },
  ) =>
    Effect.zipRight(
      invoiceLinks.record(payment.paymentId, paid.invoice),
      paid.charge === undefined
        ? Effect.void
        : providerPayments.remember(paid.charge, {
            ...payment,
            amountCents: paid.amountCents,
            currency: paid.currency,
          }),
    )

  const recorded = <E extends { readonly _tag: string }>(outcome: Either.Either<unknown, E>) =>
    Either.isRight(outcome)
      ? Effect.succeed<Recorded>("processed")
      : outcome.left._tag === "AlreadyGranted"
        ? Effect.succeed<Recorded>("already_processed")
        : Effect.die(outcome.left)

  const mismatched = (...args: Parameters<typeof recordMismatch>) =>
    recordMismatch(...args).pipe(Effect.provide(store))

  /** A paid pack: its credits are the ones the checkout was opened for, at the price it was opened at. */
  const packPaid = (started: CheckoutStarted, paid: Money, actor: Actor) =>
    Effect.gen(function* () {
      const payment = {
        reference: started.checkoutSessionId,
        userId: started.userId,
        kind: "pack" as const,
        item: started.item,
      }
      const charge = {
        paymentId: started.checkoutSessionId,
        userId: started.userId,
        credits: started.credits,
      }
      return yield* eventStore.transaction(
        Effect.gen(function* () {
          if (yield* mismatched(payment, started, paid, actor)) {
            yield* remember(paid, { ...charge, credits: 0 })
            return "mismatched" as const
          }
          const outcome = yield* Effect.either(
            accounts.execute(
              {
                _tag: "RecordPurchase",
                userId: started.userId,
                checkoutSessionId: started.checkoutSessionId,
                pack: started.item as PackId,
                amount: started.credits,
                amountCents: paid.amountCents,
                currency: paid.currency,
                taxCents: paid.taxCents,
              },
              actor,
            ),
          )
          yield* remember(paid, charge)
          return yield* recorded(outcome)
        }),
      )
    })

  /** A paid invoice of a plan: the plan's credits at the plan's price, whatever the order of arrival. */
  const invoicePaid = (
    userId: string,
    plan: PlanId,
    invoice: PaidInvoice,
    checkoutSessionId: string | null,
    actor: Actor,
  ) =>
    Effect.gen(function* () {
      const payment = {
        reference: invoice.invoiceId,
        userId,
        kind: "subscription" as const,
        item: plan,
      }
      const price = { amountCents: planById(plan).priceCents, currency: config.currency }
      const charge = { paymentId: invoice.invoiceId, userId, credits: planById(plan).credits }
      if (yield* mismatched(payment, price, invoice, actor)) {
        yield* remember(invoice, { ...charge, credits: 0 })
        return "mismatched" as const
      }
      // A declined subscription's refund is a job that exists exactly if the decline commits.
      const outcome = yield* Effect.either(
        eventStore.transaction(
          Effect.gen(function* () {
            const decided = yield* accounts.execute(
              {
                _tag: "RecordSubscriptionInvoice",
                userId,
                subscriptionId: invoice.subscriptionId,
                plan,
                invoiceId: invoice.invoiceId,
                amount: planById(plan).credits,
                amountCents: invoice.amountCents,
                currency: invoice.currency,
                taxCents: invoice.taxCents,
                periodEnd: invoice.periodEnd,
                checkoutSessionId,
              },
              actor,
            )
            const declined = decided.events.find((event) => event._tag === "SubscriptionDeclined")
            yield* remember(invoice, declined === undefined ? charge : { ...charge, credits: 0 })
            if (declined === undefined) return "processed" as const
            yield* jobs.enqueue(refundDeclinedSubscription, declinedPayment(declined), {
              key: `refund-${declined.invoiceId}`,
            })
            return "declined" as const
          }),
        ),
      )
      // Reported again: the charge's lookup is written if the first report left it out.
      if (Either.isLeft(outcome)) yield* remember(invoice, charge)
      if (Either.isLeft(outcome) && outcome.left._tag === "AlreadyDeclined") {
        return "declined" as const
      }
      return Either.isRight(outcome) ? outcome.right : yield* recorded(outcome)
    })

  return { packPaid, invoicePaid }
})
