import { Effect } from "effect"
import { v7 as uuidv7 } from "uuid"
import type { SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { Actors } from "#events/contracts/actor.ts"
import { AdminPayment, AdminPayments, DisputeRefused, type InvalidRefund } from "./api.ts"
import { describeOffer } from "./api-offers.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import type { CreditCommand } from "./credit-commands.ts"
import { PaymentProvider } from "./payment-provider.ts"
import type { Payment } from "./payment-state.ts"
import { makeTestModeRecords } from "./test-mode-records.ts"

const noSuchUser = new NotFound({ message: "There is no user with this id." })
const noSuchPayment = new NotFound({ message: "This person has no payment with this id." })
const notTestMode = new NotFound({
  message:
    "Payments go through Stripe here: refund them or answer disputes in Stripe's dashboard, and its webhooks record them.",
})

const adminPayment = (payment: Payment) =>
  new AdminPayment({
    paymentId: payment.id,
    description: describeOffer(payment.kind, payment.item, payment.credits),
    kind: payment.kind,
    item: payment.item,
    credits: payment.credits,
    amountCents: payment.amountCents,
    currency: payment.currency,
    refundedCents: payment.refundedCents,
    creditsTaken: payment.taken,
    dispute: payment.dispute,
  })

/**
 * The test mode's refunds and disputes, so that all of it works without keys: an admin refunds a
 * purchase, in full or in part, or opens a dispute and closes it won or lost. They are recorded by the
 * same decisions as Stripe's webhooks, with the admin as actor and ids of the test mode's own.
 */
export const makeTestModeReversals = Effect.gen(function* () {
  const accounts = yield* CreditAccounts
  const provider = yield* PaymentProvider
  const testMode = provider.name === "offline"
  const records = yield* makeTestModeRecords

  const paymentOf = (userId: string, paymentId: string) =>
    Effect.gen(function* () {
      if (!testMode) return yield* notTestMode
      if (!(yield* accounts.exists(userId))) return yield* noSuchUser
      const payment = (yield* accounts.load(userId)).payments.find((p) => p.id === paymentId)
      return payment ?? (yield* noSuchPayment)
    })

  const decided = (command: CreditCommand, admin: SignedInUser) =>
    accounts.execute(command, Actors.admin(admin.userId)).pipe(
      Effect.map(({ state }) => ({ balance: state.balance, held: state.held })),
      Effect.catchAll(
        (refusal): Effect.Effect<never, InvalidRefund | NotFound | DisputeRefused> => {
          switch (refusal._tag) {
            case "InvalidRefund":
              return Effect.fail(refusal)
            case "UnknownPayment":
              return Effect.fail(noSuchPayment)
            case "AlreadyDisputed":
            case "DisputeAlreadyClosed":
              return Effect.fail(new DisputeRefused({ message: refusal.message }))
            default:
              return Effect.die(refusal)
          }
        },
      ),
    )

  const payments = (userId: string) =>
    Effect.gen(function* () {
      if (!(yield* accounts.exists(userId))) return yield* noSuchUser
      const account = yield* accounts.load(userId)
      return new AdminPayments({ testMode, payments: account.payments.map(adminPayment) })
    })

  /** All that is left of the payment, or `amountCents` of it. */
  const refund = (
    admin: SignedInUser,
    userId: string,
    paymentId: string,
    amountCents: number | undefined,
  ) =>
    Effect.flatMap(paymentOf(userId, paymentId), (payment) => {
      const refund = {
        refundId: `re_local_${uuidv7()}`,
        amountCents: amountCents ?? payment.amountCents - payment.refundedCents,
        currency: payment.currency,
      }
      return decided(
        { _tag: "RecordPaymentRefund", userId, paymentId, reason: "support", ...refund },
        admin,
      ).pipe(
        Effect.tap(() =>
          records.record({ object: "refund", id: refund.refundId, paymentId, ...refund }),
        ),
        Effect.catchTag("DisputeRefused", Effect.die),
      )
    })

  const openDispute = (admin: SignedInUser, userId: string, paymentId: string) =>
    Effect.flatMap(paymentOf(userId, paymentId), (payment) => {
      const dispute = {
        disputeId: `dp_local_${uuidv7()}`,
        amountCents: payment.amountCents - payment.refundedCents,
        currency: payment.currency,
      }
      return decided({ _tag: "RecordDispute", userId, paymentId, ...dispute }, admin).pipe(
        Effect.tap(() =>
          records.record({ object: "dispute", id: dispute.disputeId, paymentId, ...dispute }),
        ),
        Effect.catchTag("InvalidRefund", Effect.die),
      )
    })

  const closeDispute = (
    admin: SignedInUser,
    userId: string,
    paymentId: string,
    outcome: "won" | "lost",
  ) =>
    Effect.gen(function* () {
      const payment = yield* paymentOf(userId, paymentId)
      const dispute = payment.dispute
      if (dispute?.status !== "open") {
        return yield* new DisputeRefused({ message: "This payment has no open dispute." })
      }
      return yield* decided(
        {
          _tag: "CloseDispute",
          userId,
          paymentId,
          disputeId: dispute.id,
          outcome,
          amountCents: payment.amountCents - payment.refundedCents,
          currency: payment.currency,
        },
        admin,
      ).pipe(Effect.catchTag("InvalidRefund", Effect.die))
    })

  return { payments, refund, openDispute, closeDispute }
})
