import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, settle, signUp } from "#app/testing.ts"
import { clientOf } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"

const env = { REGISTRATIONS_PER_ADDRESS: "1000" }

const decisions = (sessionId: string) =>
  query<{ type: string }>(
    "select type from events where stream_id = $1 and type in ('CheckoutPaid', 'CheckoutCancelled')",
    [`checkout-${sessionId}`],
  )

describeApp({ env })("a test-mode checkout paid and cancelled at once", (it) => {
  it.effect(
    "takes one decision: the other side is refused with 409 and credits come once at most",
    () =>
      Effect.gen(function* () {
        for (let round = 0; round < 4; round++) {
          const { person } = yield* signUp("racer")
          const api = yield* clientOf(person)
          const before = (yield* api.creditLedger.credits()).credits
          const { sessionId } = yield* api.billing.createPaymentIntent({
            payload: { amount: 13.29, credits: 150 },
          })
          const attempts = Array.from({ length: 20 }, (_, i) =>
            person.post(`/api/checkout/${sessionId}/${i % 2 === 0 ? "pay" : "cancel"}`),
          )
          const answers = yield* Effect.all(attempts, { concurrency: "unbounded" })
          const pays = answers.filter((_, i) => i % 2 === 0).map((a) => a.status)
          const cancels = answers.filter((_, i) => i % 2 === 1).map((a) => a.status)

          const decided = yield* decisions(sessionId)
          expect(decided).toHaveLength(1)
          const winner = decided[0]?.type
          const [won, lost] = winner === "CheckoutPaid" ? [pays, cancels] : [cancels, pays]
          expect(won.every((status) => status === 200)).toBe(true)
          expect(lost.every((status) => status === 409)).toBe(true)
          for (const answer of answers.filter((a) => a.status === 409)) {
            expect(answer.body).toMatchObject({ _tag: "CheckoutClosed" })
          }

          yield* settle
          const after = (yield* api.creditLedger.credits()).credits
          expect(after - before).toBe(winner === "CheckoutPaid" ? 150 : 0)
          const page = yield* api.billing.offlineCheckout({ path: { sessionId } })
          expect(page.status).toBe(winner === "CheckoutPaid" ? "paid" : "cancelled")
        }
      }),
  )
})
