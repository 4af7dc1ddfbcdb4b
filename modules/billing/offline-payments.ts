import { Effect, Layer } from "effect"
import { v7 as uuidv7 } from "uuid"
import { AppUrl } from "#toolkit/app-url.ts"
import { BillingConfig } from "./config.ts"
import { offlineId } from "./offline-ids.ts"
import { PaymentProvider, type PlanChangeRequest } from "./payment-provider.ts"
import { prorationCents } from "./proration.ts"
import { makeTestModeRecords } from "./test-mode-records.ts"

/**
 * The offline default: checkouts open on the app's own test-mode page (/checkout/:id), where paying
 * records the payment at once (see offline-checkout.ts). No card is ever charged.
 */
export const OfflinePaymentsLive = Layer.effect(
  PaymentProvider,
  Effect.map(
    Effect.all([AppUrl, makeTestModeRecords, BillingConfig]),
    ([appUrl, records, config]) =>
      PaymentProvider.of({
        name: "offline",
        startCheckout: () =>
          Effect.sync(() => {
            const sessionId = `cs_local_${uuidv7().replaceAll("-", "")}`
            return { sessionId, url: `${appUrl}/checkout/${sessionId}` }
          }),
        // An offline checkout is recorded the moment it is paid, so one not recorded yet is still open.
        checkoutState: () => Effect.succeed({ status: "open" }),
        cancelAtPeriodEnd: (_subscriptionId, periodEnd) => Effect.succeed({ endsAt: periodEnd }),
        // An upgrade's prorated difference is paid at once; a downgrade waits for the renewal's price.
        changePlan: (change: PlanChangeRequest) => {
          if (change.effective === "at_renewal") return Effect.succeed({ invoice: null })
          const invoice = {
            subscriptionId: change.subscriptionId,
            invoiceId: offlineId(
              "in",
              `${change.subscriptionId}/${change.toPlan}/${change.now.toISOString()}`,
            ),
            periodEnd: change.renewsAt,
            amountCents: prorationCents(
              change.fromPlan,
              change.toPlan,
              change.now,
              change.renewsAt,
            ),
            currency: config.currency,
          }
          const { invoiceId: id, amountCents, currency } = invoice
          return Effect.as(
            records.record({ object: "charge", id, paymentId: id, amountCents, currency }),
            { invoice },
          )
        },
        // Only the account's active subscription is ever renewed here, so one it declined never is.
        endSubscriptionNow: () => Effect.void,
        // No card was charged: the refund is the test mode's own, named after the invoice it gives back.
        refundInvoice: ({ invoiceId, amountCents, currency }) => {
          const refund = { refundId: offlineId("re", invoiceId), amountCents, currency }
          return Effect.as(
            records.record({
              object: "refund",
              id: refund.refundId,
              paymentId: invoiceId,
              amountCents,
              currency,
            }),
            refund,
          )
        },
      }),
  ),
)
