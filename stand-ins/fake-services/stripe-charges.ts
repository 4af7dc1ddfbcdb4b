import type Stripe from "stripe"
import { id, type Json, seconds } from "./stripe-values.ts"

/** A card payment that succeeded: what a refund gives back from. */
export interface StoredPaymentIntent extends Json {
  id: string
  amount: number
  currency: string
  latest_charge: string
}

export interface StoredCharge extends Json {
  id: string
  amount: number
  amount_refunded: number
  refunded: boolean
  payment_intent: string
  created: number
}

export interface StoredRefund extends Json {
  id: string
  amount: number
  charge: string
  payment_intent: string
  status: "succeeded"
  created: number
}

/** A card holder's dispute of a charge with their bank, open until the bank decides. */
export interface StoredDispute extends Json {
  id: string
  amount: number
  currency: string
  charge: string
  payment_intent: string
  status: "needs_response" | "won" | "lost"
  created: number
}

/** A refusal in Stripe's words, answered with its status and error code. */
export class StripeRefusal {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly code: string,
  ) {}
}

/** The fake Stripe's money: card payments that succeeded, and what refunds gave back of them. */
export const makeStripeCharges = (makeEvent: (type: string, object: Json) => Stripe.Event) => {
  const paymentIntents = new Map<string, StoredPaymentIntent>()
  const charges = new Map<string, StoredCharge>()
  const refunds = new Map<string, StoredRefund>()

  /** The customer's card is charged: a payment intent that succeeded, and its charge. */
  const newPayment = (amount: number, currency: string, customer: unknown) => {
    const charge: StoredCharge = {
      id: id("ch"),
      object: "charge",
      amount,
      amount_refunded: 0,
      refunded: false,
      currency,
      customer,
      payment_intent: id("pi"),
      status: "succeeded",
      created: seconds(new Date()),
    }
    charges.set(charge.id, charge)
    const intent: StoredPaymentIntent = {
      id: charge.payment_intent,
      object: "payment_intent",
      amount,
      amount_received: amount,
      currency,
      customer,
      latest_charge: charge.id,
      status: "succeeded",
    }
    paymentIntents.set(intent.id, intent)
    return intent.id
  }

  /** Gives back what is left of a payment (all of it unless `amount` says less), as Stripe refuses more. */
  const refund = (paymentIntentId: string, body: Json): StoredRefund | StripeRefusal => {
    const intent = paymentIntents.get(paymentIntentId)
    if (!intent) {
      return new StripeRefusal(
        404,
        `No such payment_intent: '${paymentIntentId}'`,
        "resource_missing",
      )
    }
    const charge = charges.get(intent.latest_charge)!
    const left = charge.amount - charge.amount_refunded
    const amount = body.amount === undefined ? left : Number(body.amount)
    if (left === 0) {
      return new StripeRefusal(
        400,
        `Charge ${charge.id} has already been refunded.`,
        "charge_already_refunded",
      )
    }
    if (!(amount > 0 && amount <= left)) {
      return new StripeRefusal(
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        "amount_too_large",
      )
    }
    const made: StoredRefund = {
      id: id("re"),
      object: "refund",
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      reason: body.reason ?? null,
      metadata: body.metadata ?? {},
      status: "succeeded",
      created: seconds(new Date()),
    }
    refunds.set(made.id, made)
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded === charge.amount
    makeEvent("refund.created", made)
    makeEvent("charge.refunded", charge)
    return made
  }

  const disputes = new Map<string, StoredDispute>()

  /** The card holder disputes the whole payment. */
  const dispute = (paymentIntentId: string) => {
    const intent = paymentIntents.get(paymentIntentId)!
    const made: StoredDispute = {
      id: id("dp"),
      object: "dispute",
      amount: intent.amount,
      currency: intent.currency,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      reason: "fraudulent",
      status: "needs_response",
      created: seconds(new Date()),
    }
    disputes.set(made.id, made)
    return makeEvent("charge.dispute.created", made)
  }

  /** The bank decides: Stripe sends charge.dispute.closed with the outcome. */
  const closeDispute = (disputeId: string, outcome: "won" | "lost") => {
    const made = disputes.get(disputeId)!
    made.status = outcome
    return makeEvent("charge.dispute.closed", made)
  }

  return { paymentIntents, charges, refunds, disputes, newPayment, refund, dispute, closeDispute }
}
