import { SqlClient } from "@effect/sql"
import { Clock, Effect, Schema } from "effect"
import {
  CreditsPurchased,
  PaymentRefunded,
  SubscriptionCreditsGranted,
  SubscriptionDeclined,
} from "#events/contracts/billing.ts"
import { decodeAll, type Subscription } from "#events/store/index.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import { PersonMail } from "#toolkit/person-mail.ts"
import { describeOffer, offerNames } from "./api-offers.ts"
import { type Receipt, receiptMail } from "./receipt-mail.ts"

const decode = decodeAll(
  Schema.Union(CreditsPurchased, SubscriptionCreditsGranted, SubscriptionDeclined, PaymentRefunded),
)

/** A payment recorded before receipts were mailed is listed, not mailed years late. */
const mailedWithin = 3 * 24 * 60 * 60 * 1000

/** The app's own page of a receipt: the link when the provider made no invoice (the test mode). */
export const receiptPage = (appUrl: string, paymentId: string) =>
  `${appUrl}/credits/receipts/${encodeURIComponent(paymentId)}`

interface Issued {
  readonly description: string
  readonly amount_cents: number
  readonly tax_cents: number
  readonly invoice_number: string | null
  readonly invoice_url: string | null
}

/**
 * A receipt for every payment and refund: written to billing's receipts (the person's list of invoices
 * and receipts) and mailed, in the transaction that moves this reaction's checkpoint. The payment's event
 * is recorded once however often the provider reports it, so there is one receipt and one mail.
 */
export const receipts: Subscription<PersonMail | AppUrl | SqlClient.SqlClient> = {
  name: "billing:receipts",
  types: [
    "CreditsPurchased",
    "SubscriptionCreditsGranted",
    "SubscriptionDeclined",
    "PaymentRefunded",
  ],
  onPoison: "skip",
  handle: (events) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const mail = yield* PersonMail
      const appUrl = yield* AppUrl
      const now = yield* Clock.currentTimeMillis

      const issued = (paymentId: string) =>
        Effect.map(
          sql<Issued>`
            select r.description, r.amount_cents, r.tax_cents, l.invoice_number, l.invoice_url
              from billing.receipts r left join billing.invoice_links l using (payment_id)
             where r.payment_id = ${paymentId}`,
          (rows): Issued | undefined => rows[0],
        )

      for (const { event, eventId, recordedAt } of yield* decode(events)) {
        // A second plan paid while one was active bought nothing: listed, its refund mailed.
        if (event._tag === "SubscriptionDeclined") {
          yield* sql`
            insert into billing.receipts (payment_id, user_id, paid_at, description, credits,
              amount_cents, tax_cents, currency)
            values (${event.invoiceId}, ${event.userId}, ${recordedAt}, ${`${offerNames[event.plan]} plan`},
              0, ${event.amountCents}, 0, ${event.currency})
            on conflict do nothing`
          continue
        }
        const paymentId =
          event._tag === "CreditsPurchased"
            ? event.checkoutSessionId
            : event._tag === "SubscriptionCreditsGranted"
              ? event.invoiceId
              : event.paymentId
        if (event._tag === "PaymentRefunded") {
          yield* sql`
            update billing.receipts
               set refunded_cents =
                 coalesce(${event.refundedCents ?? null}::int, refunded_cents + ${event.amountCents})
             where payment_id = ${paymentId}`
        } else {
          const description =
            event._tag === "CreditsPurchased"
              ? describeOffer("pack", event.pack, event.amount)
              : describeOffer("subscription", event.plan, event.amount)
          yield* sql`
            insert into billing.receipts (payment_id, user_id, paid_at, description, credits,
              amount_cents, tax_cents, currency)
            values (${paymentId}, ${event.userId}, ${recordedAt}, ${description}, ${event.amount},
              ${event.amountCents}, ${event.taxCents ?? 0}, ${event.currency})
            on conflict do nothing`
        }
        if (now - recordedAt.getTime() > mailedWithin) continue
        const payment = yield* issued(paymentId)
        const refund = event._tag === "PaymentRefunded"
        const paidTax = payment?.tax_cents ?? 0
        const receipt: Receipt = {
          kind: refund
            ? "refund"
            : event._tag === "SubscriptionCreditsGranted" && event.checkoutSessionId === null
              ? "renewal"
              : "purchase",
          description:
            payment?.description ??
            (refund && event.item !== undefined
              ? `the ${offerNames[event.item]} ${event.kind === "pack" ? "pack" : "plan"}`
              : "your purchase"),
          amountCents: event.amountCents,
          currency: event.currency,
          // A refund gives back the tax of what it gives back, as Stripe's do.
          taxCents: refund
            ? paidTax === 0
              ? 0
              : Math.round((paidTax * event.amountCents) / (payment?.amount_cents || 1))
            : (event.taxCents ?? 0),
          credits: event.amount,
          balanceAfter: event.balanceAfter,
          invoiceNumber: payment?.invoice_number ?? null,
          link: payment?.invoice_url ?? receiptPage(appUrl, paymentId),
        }
        yield* mail.send(event.userId, receiptMail(receipt), `billing-receipt-${eventId}`)
      }
    }),
}
