import { Effect, Either, Schema } from "effect"
import { v5 as uuidv5 } from "uuid"
import type { Actor } from "#events/contracts/actor.ts"
import { PaymentMismatched, paymentMismatchStream } from "#events/contracts/payment-mismatches.ts"
import type { Decider } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"

export const PaymentMismatchEvent = Schema.Union(PaymentMismatched)

/** A payment that is not its offer's price, recorded once for finance however often it is reported. */
export const paymentMismatch: Decider<PaymentMismatched, PaymentMismatched, boolean, never> = {
  initialState: false,
  evolve: () => true,
  decide: (mismatch, recorded) => Either.right(recorded ? [] : [mismatch]),
}

const mismatchNamespace = "8f2b7c1e-3d4a-4e5f-9a6b-7c8d9e0f1a2b"

interface Amount {
  readonly amountCents: number
  readonly currency: string
  /** What was paid before tax added on top: what the offer's price is compared to. */
  readonly subtotalCents?: number | undefined
}

/**
 * True when `paid` is not `expected`, the offer's price; the first report of each such payment is
 * recorded as PaymentMismatched (for finance and the admin error stream), repeats are not.
 */
export const recordMismatch = (
  payment: Pick<PaymentMismatched, "reference" | "userId" | "kind" | "item">,
  expected: Amount,
  paid: Amount,
  actor: Actor,
) =>
  Effect.gen(function* () {
    const same =
      (paid.subtotalCents ?? paid.amountCents) === expected.amountCents &&
      paid.currency.toLowerCase() === expected.currency.toLowerCase()
    if (same) return false
    const event = new PaymentMismatched({
      ...payment,
      expectedAmountCents: expected.amountCents,
      expectedCurrency: expected.currency,
      paidAmountCents: paid.amountCents,
      paidCurrency: paid.currency,
    })
    yield* Effect.logWarning("A payment does not match its offer: no credits granted", {
      reference: payment.reference,
    })
    yield* runCommand({
      decider: paymentMismatch,
      events: PaymentMismatchEvent,
      streamId: paymentMismatchStream(payment.reference),
      command: event,
      actor,
      eventId: () => uuidv5(payment.reference, mismatchNamespace),
    })
    return true
  })
