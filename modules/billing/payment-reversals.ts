import {
  PaymentDisputeClosed,
  PaymentDisputed,
  PaymentRefunded,
} from "#events/contracts/billing.ts"
import { InvalidRefund } from "./api.ts"
import { describeMoney } from "./api-offers.ts"
import type { CreditAccount } from "./credit-account-state.ts"
import { type CreditCommand, type Decision, emits, refuses } from "./credit-commands.ts"
import {
  AlreadyDisputed,
  DisputeAlreadyClosed,
  PaymentAlreadyRefunded,
  UnknownPayment,
} from "./credit-refusals.ts"
import type { Payment } from "./payment-state.ts"

// Payments going back: refunds, in full or in part, and disputes, held while open and settled when closed.
// Each is known by the provider's id, so a report that comes twice, late or out of order changes nothing
// more; refunds and a lost dispute count what each other took, so the payment's credits go back once.

type Command<Tag extends CreditCommand["_tag"]> = Extract<CreditCommand, { _tag: Tag }>

const heldBy = (payment: Payment) => (payment.dispute?.status === "open" ? payment.dispute.held : 0)
const what = ({ kind, item }: Payment) => ({ kind, item })

/**
 * The credits bought with the refunded share go back, pro rata on everything refunded so far: credits
 * taken = floor(credits * refunded / paid), less what refunds and a lost dispute took already, so partial
 * refunds never drift and a full one takes exactly what was granted. A declined subscription's payment
 * granted nothing: its refund is recorded once, taking nothing.
 */
export const recordPaymentRefund = (
  command: Command<"RecordPaymentRefund">,
  state: CreditAccount,
): Decision => {
  const { userId, paymentId, refundId, reason, amountCents, currency } = command
  const declined = state.declined.find((payment) => payment.invoiceId === paymentId)
  if (declined !== undefined) {
    if (declined.refundId !== null) return refuses(new PaymentAlreadyRefunded({ paymentId }))
    return emits(
      new PaymentRefunded({
        userId,
        paymentId,
        refundId,
        reason,
        amount: 0,
        balanceAfter: state.balance,
        amountCents,
        currency,
        refundedCents: amountCents,
        heldAfter: state.held,
      }),
    )
  }
  const payment = state.payments.find((p) => p.id === paymentId)
  if (payment === undefined) return refuses(new UnknownPayment({ paymentId }))
  if (payment.refunds.includes(refundId)) return refuses(new PaymentAlreadyRefunded({ paymentId }))
  const left = payment.amountCents - payment.refundedCents
  if (currency.toLowerCase() !== payment.currency.toLowerCase()) {
    return refuses(
      new InvalidRefund({ message: `This payment was made in ${payment.currency.toUpperCase()}.` }),
    )
  }
  if (amountCents <= 0 || amountCents > left) {
    return refuses(
      new InvalidRefund({
        message:
          left === 0
            ? "This payment has been refunded in full already."
            : `A refund of this payment must be between 0.01 and ${describeMoney(left, currency)}.`,
      }),
    )
  }
  const refundedCents = payment.refundedCents + amountCents
  const due = Math.floor((payment.credits * refundedCents) / payment.amountCents)
  const amount = Math.max(0, due - payment.taken)
  const held = heldBy(payment) === 0 ? 0 : payment.credits - payment.taken - amount
  return emits(
    new PaymentRefunded({
      userId,
      paymentId,
      refundId,
      reason,
      amount,
      balanceAfter: state.balance - amount,
      amountCents,
      currency,
      refundedCents,
      heldAfter: state.held - heldBy(payment) + held,
      ...what(payment),
    }),
  )
}

const disputed = (
  command: Command<"RecordDispute" | "CloseDispute">,
  payment: Payment,
  state: CreditAccount,
) =>
  new PaymentDisputed({
    userId: command.userId,
    paymentId: payment.id,
    disputeId: command.disputeId,
    held: payment.credits - payment.taken,
    heldAfter: state.held + payment.credits - payment.taken,
    balanceAfter: state.balance,
    amountCents: command.amountCents,
    currency: command.currency,
    ...what(payment),
  })

/** A dispute holds the payment's credits (what refunds left of them): they cannot be spent meanwhile. */
export const recordDispute = (
  command: Command<"RecordDispute">,
  state: CreditAccount,
): Decision => {
  const payment = state.payments.find((p) => p.id === command.paymentId)
  if (payment === undefined) return refuses(new UnknownPayment({ paymentId: command.paymentId }))
  if (payment.dispute !== null) {
    return refuses(new AlreadyDisputed({ disputeId: payment.dispute.id }))
  }
  return emits(disputed(command, payment, state))
}

/**
 * Won, a dispute releases what it held; lost, it removes it, and the balance may go below zero. Closed
 * before its opening was recorded (webhooks out of order), it is opened and closed at once.
 */
export const closeDispute = (command: Command<"CloseDispute">, state: CreditAccount): Decision => {
  const { userId, paymentId, disputeId, outcome } = command
  const payment = state.payments.find((p) => p.id === paymentId)
  if (payment === undefined) return refuses(new UnknownPayment({ paymentId }))
  const dispute = payment.dispute
  if (dispute !== null && dispute.id !== disputeId) {
    return refuses(new AlreadyDisputed({ disputeId: dispute.id }))
  }
  if (dispute !== null && dispute.status !== "open") {
    return refuses(new DisputeAlreadyClosed({ disputeId }))
  }
  const opened = dispute === null ? [disputed(command, payment, state)] : []
  const held = dispute?.held ?? payment.credits - payment.taken
  const amount = outcome === "lost" ? held : 0
  return emits(
    ...opened,
    new PaymentDisputeClosed({
      userId,
      paymentId,
      disputeId,
      outcome,
      released: held,
      amount,
      heldAfter: state.held - (dispute === null ? 0 : held),
      balanceAfter: state.balance - amount,
      amountCents: command.amountCents,
      currency: command.currency,
      ...what(payment),
    }),
  )
}
