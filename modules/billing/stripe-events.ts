import { Effect, Schema } from "effect"
import type Stripe from "stripe"
import { CheckoutStarted, PackId, PlanId } from "#events/contracts/billing.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { Payments, providerActor } from "./payments.ts"
import { packById, planById } from "./price-list.ts"
import { callStripe, fromStripeTime, idOf, StripeClient } from "./stripe-client.ts"
import { sessionMoney } from "./stripe-line-items.ts"
import {
  chargeOfInvoice,
  chargeOfSession,
  invoiceOfSession,
  paidInvoice,
  periodEndOf,
} from "./stripe-payments.ts"
import { makeStripeReversals } from "./stripe-reversals.ts"

const actor = providerActor("stripe")

/** What we put on every checkout and subscription (see stripe-payments.ts). */
const CheckoutMetadata = Schema.Struct({
  userId: Schema.String,
  kind: Schema.Literal("pack", "subscription"),
  item: Schema.Union(PackId, PlanId),
})
const SubscriptionMetadata = Schema.Struct({ userId: Schema.String, plan: PlanId })
/** An upgrade names the plan it came from: its prorated invoice grants the difference (stripe-plan-changes.ts). */
const UpgradeMetadata = Schema.Struct({ ...SubscriptionMetadata.fields, upgradedFrom: PlanId })
const readMetadata = <A, I>(schema: Schema.Schema<A, I>, metadata: unknown) =>
  Schema.decodeUnknownOption(schema)(metadata)

const ignore = (why: string, event: Stripe.Event) =>
  Effect.logWarning(`Stripe webhook ${event.type} ${event.id} ignored: ${why}`)

const ended = new Set(["canceled", "unpaid", "incomplete_expired"])

/** What each Stripe event means for billing, and the effect that records it. */
export const makeStripeEventMeaning = Effect.gen(function* () {
  const { stripe } = yield* StripeClient
  const payments = yield* Payments
  const accounts = yield* CreditAccounts
  const reversals = yield* makeStripeReversals

  /** The checkout as we opened it; from its metadata if we never recorded it (a crash after Stripe). */
  const startedCheckout = (session: Stripe.Checkout.Session) =>
    Effect.gen(function* () {
      const found = yield* payments.loadCheckout(session.id)
      if (found.status !== "none") return found.started
      const metadata = readMetadata(CheckoutMetadata, session.metadata)
      if (metadata._tag === "None") return undefined
      const { userId, kind, item } = metadata.value
      const offer = kind === "pack" ? packById(item as PackId) : planById(item as PlanId)
      return new CheckoutStarted({
        checkoutSessionId: session.id,
        userId,
        kind,
        item,
        credits: offer.credits,
        provider: "stripe",
        amountCents: offer.priceCents,
        currency: session.currency ?? "",
      })
    })

  /** Whose subscription an invoice is for: from the invoice, or from the subscription itself. */
  const subscriptionOwner = (invoice: Stripe.Invoice, subscriptionId: string) =>
    Effect.gen(function* () {
      const metadata = readMetadata(
        SubscriptionMetadata,
        invoice.parent?.subscription_details?.metadata,
      )
      if (metadata._tag === "Some") return metadata
      const subscription = yield* callStripe("subscriptions.retrieve", () =>
        stripe.subscriptions.retrieve(subscriptionId),
      )
      return readMetadata(SubscriptionMetadata, subscription.metadata)
    })

  /**
   * Reads what an event means, calling Stripe where the event alone does not say (outside any database
   * transaction), and answers the effect that records it.
   */
  const interpret = (event: Stripe.Event) =>
    Effect.gen(function* () {
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          const session = event.data.object
          if (session.payment_status === "unpaid") return ignore("not paid yet", event)
          const started = yield* startedCheckout(session)
          if (started === undefined) return ignore("not a checkout of ours", event)
          if (session.mode === "payment") {
            const invoice = yield* invoiceOfSession(stripe, session)
            return payments.packPaid(
              started,
              { ...sessionMoney(session), charge: chargeOfSession(session), invoice },
              actor,
            )
          }
          const invoiceId = idOf(session.invoice)
          if (invoiceId === undefined) return ignore("no invoice", event)
          const invoice = yield* callStripe("invoices.retrieve", () =>
            stripe.invoices.retrieve(invoiceId),
          )
          const paid = paidInvoice(invoice)
          if (paid === undefined) return ignore("not a subscription invoice", event)
          const charge = yield* chargeOfInvoice(stripe, paid.invoiceId)
          return payments.invoicePaid(
            started.userId,
            started.item as PlanId,
            { ...paid, charge },
            session.id,
            actor,
          )
        }
        case "invoice.paid": {
          const invoice = event.data.object
          const paid = paidInvoice(invoice)
          if (paid === undefined) return ignore("not a subscription invoice", event)
          if (invoice.billing_reason === "subscription_update") {
            const upgrade = readMetadata(
              UpgradeMetadata,
              invoice.parent?.subscription_details?.metadata,
            )
            if (upgrade._tag === "None") return ignore("not an upgrade of ours", event)
            const { userId, plan, upgradedFrom } = upgrade.value
            const charge = yield* chargeOfInvoice(stripe, paid.invoiceId)
            return payments.upgradePaid(
              userId,
              { fromPlan: upgradedFrom, toPlan: plan },
              { ...paid, charge },
              actor,
            )
          }
          const metadata = yield* subscriptionOwner(invoice, paid.subscriptionId)
          if (metadata._tag === "None") return ignore("not a subscription of ours", event)
          // The first invoice belongs to the checkout that created the subscription.
          const checkoutSessionId =
            invoice.billing_reason === "subscription_create"
              ? ((yield* callStripe("checkout.sessions.list", () =>
                  stripe.checkout.sessions.list({ subscription: paid.subscriptionId, limit: 1 }),
                )).data[0]?.id ?? null)
              : null
          const { userId, plan } = metadata.value
          const charge = yield* chargeOfInvoice(stripe, paid.invoiceId)
          return payments.invoicePaid(userId, plan, { ...paid, charge }, checkoutSessionId, actor)
        }
        case "invoice.payment_failed": {
          const invoice = event.data.object
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription)
          if (subscriptionId === undefined || invoice.id === undefined) {
            return ignore("not a subscription invoice", event)
          }
          const owner = yield* subscriptionOwner(invoice, subscriptionId)
          if (owner._tag === "None") return ignore("not a subscription of ours", event)
          return accounts
            .execute(
              {
                _tag: "RecordPaymentFailure",
                userId: owner.value.userId,
                subscriptionId,
                invoiceId: invoice.id,
                attempt: invoice.attempt_count,
                nextAttemptAt:
                  invoice.next_payment_attempt === null
                    ? null
                    : fromStripeTime(invoice.next_payment_attempt),
                amountCents: invoice.amount_due,
                currency: invoice.currency,
              },
              actor,
            )
            .pipe(Effect.orDie, Effect.asVoid)
        }
        case "customer.subscription.updated":
        case "customer.subscription.deleted": {
          const subscription = event.data.object
          const metadata = readMetadata(SubscriptionMetadata, subscription.metadata)
          if (metadata._tag === "None") return ignore("not a subscription of ours", event)
          const { userId } = metadata.value
          if (event.type === "customer.subscription.deleted" || ended.has(subscription.status)) {
            return payments.subscriptionEnded(userId, subscription.id, actor)
          }
          if (subscription.cancel_at_period_end || subscription.cancel_at !== null) {
            return payments.subscriptionCancelled(
              userId,
              subscription.id,
              periodEndOf(subscription),
              actor,
            )
          }
          return ignore("nothing we track changed", event)
        }
        case "checkout.session.expired":
          return payments.checkoutExpired(event.data.object.id, actor)
        case "charge.refunded":
          return yield* reversals.chargeRefunded(event.data.object)
        case "refund.created":
        case "refund.updated":
          return yield* reversals.refunded([event.data.object])
        case "charge.dispute.created":
          return yield* reversals.disputed(event.data.object, false)
        case "charge.dispute.closed":
          return yield* reversals.disputed(event.data.object, true)
        default:
          return ignore("not a type we handle", event)
      }
    })

  return interpret
})
