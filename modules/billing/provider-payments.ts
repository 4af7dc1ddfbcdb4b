import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** How a provider names the money of a payment: Stripe's payment intent and charge. */
export interface ProviderCharge {
  readonly paymentIntentId: string | null
  readonly chargeId: string | null
}

/** A payment billing recorded, found by its provider's charge. */
export interface ProviderPayment {
  readonly paymentId: string
  readonly userId: string
  readonly amountCents: number
  readonly currency: string
  readonly credits: number
}

/**
 * Billing's private lookup from a provider's charge to the payment it recorded (a pack's checkout session,
 * a plan's invoice): refunds and disputes name the charge, the account names the payment.
 */
export const makeProviderPayments = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** Written in the transaction that records the payment; a repeat keeps the first. */
  const remember = (charge: ProviderCharge, payment: ProviderPayment) =>
    charge.paymentIntentId === null && charge.chargeId === null
      ? Effect.void
      : sql`
          insert into billing.provider_payments
            (payment_id, payment_intent_id, charge_id, user_id, amount_cents, currency, credits)
          values (${payment.paymentId}, ${charge.paymentIntentId}, ${charge.chargeId},
            ${payment.userId}, ${payment.amountCents}, ${payment.currency}, ${payment.credits})
          on conflict do nothing`.pipe(Effect.orDie, Effect.asVoid)

  const find = (charge: ProviderCharge) =>
    Effect.map(
      sql<ProviderPayment>`
        select payment_id as "paymentId", user_id as "userId", amount_cents as "amountCents",
               currency, credits
          from billing.provider_payments
         where payment_intent_id = ${charge.paymentIntentId ?? ""}
            or charge_id = ${charge.chargeId ?? ""}
         limit 1`,
      (rows): ProviderPayment | undefined => rows[0],
    ).pipe(Effect.orDie)

  return { remember, find }
})
