import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import type Stripe from "stripe"
import { AppUrl } from "#toolkit/app-url.ts"
import { type CheckoutRequest, type PaidInvoice, PaymentProvider } from "./payment-provider.ts"
import type { ProviderCharge } from "./provider-payments.ts"
import { callStripe, fromStripeTime, idOf, StripeClient } from "./stripe-client.ts"
import {
  checkoutLineItem,
  checkoutTax,
  invoiceLink,
  invoiceMoney,
  sessionMoney,
} from "./stripe-line-items.ts"
import { makeStripePlanChanges } from "./stripe-plan-changes.ts"
import { makeStripeRefunds } from "./stripe-refunds.ts"

/** A paid invoice of a subscription, in our terms; undefined for invoices of anything else. */
export const paidInvoice = (invoice: Stripe.Invoice): PaidInvoice | undefined => {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription)
  const period = invoice.lines.data[0]?.period
  if (subscriptionId === undefined || invoice.id === undefined || period === undefined)
    return undefined
  return {
    subscriptionId,
    invoiceId: invoice.id,
    periodEnd: fromStripeTime(period.end),
    ...invoiceMoney(invoice),
  }
}

/** A pack's charge: the checkout's payment intent. */
export const chargeOfSession = (session: Stripe.Checkout.Session): ProviderCharge => ({
  paymentIntentId: idOf(session.payment_intent) ?? null,
  chargeId: null,
})

/** A pack's invoice (its checkout asks for one), for the receipt; none when Stripe made none. */
export const invoiceOfSession = (stripe: Stripe, session: Stripe.Checkout.Session) => {
  const invoiceId = idOf(session.invoice)
  return invoiceId === undefined
    ? Effect.succeed(undefined)
    : Effect.map(
        callStripe("invoices.retrieve", () => stripe.invoices.retrieve(invoiceId)),
        invoiceLink,
      )
}

/** An invoice's charge: since Stripe's 2025 API versions, named by its paid invoice payment. */
export const chargeOfInvoice = (stripe: Stripe, invoiceId: string) =>
  Effect.map(
    callStripe("invoicePayments.list", () =>
      stripe.invoicePayments.list({ invoice: invoiceId, status: "paid" }),
    ),
    (payments): ProviderCharge => {
      const payment = payments.data[0]?.payment
      return {
        paymentIntentId: idOf(payment?.payment_intent) ?? null,
        chargeId: idOf(payment?.charge) ?? null,
      }
    },
  )

const isPaid = (session: Stripe.Checkout.Session) =>
  session.status === "complete" &&
  (session.payment_status === "paid" || session.payment_status === "no_payment_required")

/** The end of the period a subscription is paid for (on its items since Stripe's 2025 API versions). */
export const periodEndOf = (subscription: Stripe.Subscription) => {
  const ends = subscription.items.data.map((item) => item.current_period_end)
  return fromStripeTime(subscription.cancel_at ?? Math.max(...ends))
}

const make = Effect.gen(function* () {
  const { stripe, settings } = yield* StripeClient
  const appUrl = yield* AppUrl
  const sql = yield* SqlClient.SqlClient

  /** One Stripe customer per user, created on the first checkout; the idempotency key stops twins. */
  const customerFor = (userId: string, email: string) =>
    Effect.gen(function* () {
      const known = yield* sql<{ customer_id: string }>`
        select customer_id from billing.customers where user_id = ${userId}`
      if (known[0]) return known[0].customer_id
      const customer = yield* callStripe("customers.create", () =>
        stripe.customers.create(
          { email, metadata: { userId } },
          { idempotencyKey: `customer-${userId}` },
        ),
      )
      yield* sql`
        insert into billing.customers (user_id, customer_id) values (${userId}, ${customer.id})
        on conflict (user_id) do nothing`
      const [row] = yield* sql<{ customer_id: string }>`
        select customer_id from billing.customers where user_id = ${userId}`
      return row!.customer_id
    }).pipe(Effect.catchTag("SqlError", Effect.die))

  const startCheckout = (request: CheckoutRequest) =>
    Effect.gen(function* () {
      const customer = yield* customerFor(request.userId, request.email)
      const subscription = request.kind === "subscription"
      const metadata = { userId: request.userId, kind: request.kind, item: request.offer.id }
      const session = yield* callStripe("checkout.sessions.create", () =>
        stripe.checkout.sessions.create({
          mode: subscription ? "subscription" : "payment",
          customer,
          client_reference_id: request.userId,
          line_items: [
            checkoutLineItem(settings.catalog, {
              offer: request.offer.id,
              priceCents: request.offer.priceCents,
              currency: request.currency,
              description: request.description,
              recurring: subscription,
            }),
          ],
          metadata,
          ...checkoutTax(settings.catalog),
          ...(subscription
            ? {
                subscription_data: { metadata: { userId: request.userId, plan: request.offer.id } },
              }
            : {
                payment_intent_data: { metadata },
                // A pack gets an invoice too: the receipt links to it, and finance books it.
                invoice_creation: { enabled: true, invoice_data: { metadata } },
              }),
          success_url: `${appUrl}/credits?success=true&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${appUrl}/credits?canceled=true`,
        }),
      )
      return { sessionId: session.id, url: session.url ?? "" }
    })

  const checkoutState = (sessionId: string) =>
    Effect.gen(function* () {
      const session = yield* callStripe("checkout.sessions.retrieve", () =>
        stripe.checkout.sessions.retrieve(sessionId),
      )
      if (session.status === "expired") return { status: "expired" } as const
      if (!isPaid(session)) return { status: "open" } as const
      if (session.mode === "payment") {
        return {
          status: "paid",
          kind: "pack",
          ...sessionMoney(session),
          charge: chargeOfSession(session),
          invoice: yield* invoiceOfSession(stripe, session),
        } as const
      }
      const invoiceId = idOf(session.invoice)
      if (invoiceId === undefined) return { status: "open" } as const
      const invoice = yield* callStripe("invoices.retrieve", () =>
        stripe.invoices.retrieve(invoiceId),
      )
      const paid = paidInvoice(invoice)
      if (paid === undefined) return { status: "open" } as const
      const charge = yield* chargeOfInvoice(stripe, paid.invoiceId)
      return { status: "paid", kind: "subscription", invoice: { ...paid, charge } } as const
    })

  const cancelAtPeriodEnd = (subscriptionId: string) =>
    Effect.map(
      callStripe("subscriptions.update", () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      ),
      (subscription) => ({ endsAt: periodEndOf(subscription) }),
    )

  const paidWithCharge = (invoice: Stripe.Invoice) => {
    const paid = invoice.status === "paid" ? paidInvoice(invoice) : undefined
    return paid === undefined
      ? Effect.succeed(undefined)
      : Effect.map(chargeOfInvoice(stripe, paid.invoiceId), (charge) => ({ ...paid, charge }))
  }

  return PaymentProvider.of({
    name: "stripe",
    startCheckout,
    checkoutState,
    cancelAtPeriodEnd,
    changePlan: makeStripePlanChanges(stripe, settings, paidWithCharge),
    ...makeStripeRefunds(stripe),
  })
})

/** The live adapter: Stripe Checkout in payment and subscription modes. */
export const StripePaymentsLive = Layer.effect(PaymentProvider, make)
