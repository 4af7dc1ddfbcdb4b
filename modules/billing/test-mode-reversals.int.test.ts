import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle } from "#app/testing.ts"
import {
  type Browser,
  financeEnv as env,
  financeAdmin,
  proPackBuyer,
} from "#app/testing-billing.ts"
import { callAs, clientOf } from "#app/testing-client.ts"
import { Billing } from "./billing.ts"

const admin = financeAdmin()

/** A person who bought the Pro pack (150 credits for 13.29 EUR) on the test-mode checkout page. */
const buyer = Effect.gen(function* () {
  const { person, userId, sessionId } = yield* proPackBuyer("buyer")
  yield* settle
  const paths = {
    payments: `/api/admin/ledger/${userId}/payments`,
    refunds: `/api/admin/ledger/${userId}/payments/${sessionId}/refunds`,
    disputes: `/api/admin/ledger/${userId}/payments/${sessionId}/disputes`,
    close: `/api/admin/ledger/${userId}/payments/${sessionId}/disputes/close`,
  }
  /** The payment as the typed client names it. */
  const payment = { userId, paymentId: sessionId }
  return { person, userId, sessionId, paths, payment }
})

const credits = (person: Browser) =>
  Effect.flatMap(settle, () => callAs(person, (api) => api.creditLedger.credits()))

const paymentsOf = (finance: Browser, userId: string) =>
  callAs(finance, (api) => api.billing.payments({ path: { userId } }))

describeApp({ env })("test-mode refunds and disputes", (it) => {
  describe("access", () => {
    it.effect(
      "only administrators list payments, refund or dispute them: not anonymously, not the payer",
      () =>
        Effect.gen(function* () {
          const { person, paths } = yield* buyer
          for (const [path, payload] of [
            [paths.payments, undefined],
            [paths.refunds, {}],
            [paths.disputes, {}],
            [paths.close, { outcome: "won" }],
          ] as const) {
            const anonymous = yield* request(path, {
              method: payload === undefined ? "GET" : "POST",
              headers: { "content-type": "application/json" },
              ...(payload !== undefined && { body: JSON.stringify(payload) }),
            })
            expect(anonymous.status).toBe(401)
            const own =
              payload === undefined ? yield* person.get(path) : yield* person.post(path, payload)
            expect(own.status).toBe(404)
          }
          expect(yield* credits(person)).toEqual({ credits: 150, held: 0 })
        }),
    )
  })

  describe("refunds", () => {
    it.effect(
      "an admin refunds part of a purchase, then the rest: the credits bought with each share go back, with the admin as actor",
      () =>
        Effect.gen(function* () {
          const { person, userId, sessionId, paths } = yield* buyer
          const finance = yield* admin
          expect(yield* paymentsOf(finance, userId)).toMatchObject({
            testMode: true,
            payments: [
              {
                paymentId: sessionId,
                description: "Pro pack: 150 credits",
                amountCents: 1329,
                refundedCents: 0,
                dispute: null,
              },
            ],
          })
          const purchase = Effect.map(
            Effect.zipRight(
              settle,
              callAs(person, (api) => api.creditLedger.transactions()),
            ),
            (transactions) => transactions.find((t) => t.id === sessionId)?.status,
          )
          const partial = yield* finance.post(paths.refunds, { amountCents: 665 })
          expect(partial.status).toBe(200)
          // floor(150 * 665 / 1329) = 75
          expect(partial.body).toEqual({ balance: 75, held: 0 })
          // Its line in the person's transactions says refunded once all of it is.
          expect(yield* purchase).toBe("completed")
          const rest = yield* finance.post(paths.refunds, {})
          expect(rest.body).toEqual({ balance: 0, held: 0 })
          expect(yield* credits(person)).toEqual({ credits: 0, held: 0 })
          expect(yield* purchase).toBe("refunded")

          const financeId = (yield* callAs(finance, (api) => api.identity.currentUser())).id
          const ledger = yield* callAs(finance, (api) =>
            api.billing.ledger({ path: { userId }, urlParams: {} }),
          )
          expect(ledger.entries.slice(-2)).toMatchObject([
            { type: "PaymentRefunded", amount: -75, cause: "checkout", causeId: sessionId },
            { type: "PaymentRefunded", amount: -75, balanceAfter: 0, actor: `admin:${financeId}` },
          ])
          const history = yield* callAs(person, (api) => api.creditLedger.transactions())
          expect(history.map((t) => t.description)).toContain(
            "Refund of your purchase of the Pro pack: 6.65 EUR, -75 credits",
          )
          const audit = yield* (yield* Billing).audit
          expect([audit.differences, audit.breaks]).toEqual([[], []])
        }),
    )

    it.effect("bad input gets a clear 4xx and changes nothing", () =>
      Effect.gen(function* () {
        const { person, userId, paths, payment } = yield* buyer
        const finance = yield* admin
        const api = yield* clientOf(finance)
        const tooMuch = yield* Effect.flip(
          api.billing.refundPayment({ path: payment, payload: { amountCents: 1330 } }),
        )
        expect(tooMuch).toMatchObject({
          _tag: "InvalidRefund",
          message: "A refund of this payment must be between 0.01 and 13.29 EUR.",
        })
        // Amounts the contract cannot send.
        for (const payload of [{ amountCents: 0 }, { amountCents: 2.5 }, { amountCents: "all" }]) {
          expect((yield* finance.post(paths.refunds, payload)).status).toBe(400)
        }
        const unknown = yield* Effect.flip(
          api.billing.refundPayment({ path: { userId, paymentId: "cs_nope" }, payload: {} }),
        )
        expect(unknown).toMatchObject({
          _tag: "NotFound",
          message: "This person has no payment with this id.",
        })
        const nobody = yield* Effect.flip(
          api.billing.refundPayment({
            path: { userId: "nobody", paymentId: "cs_nope" },
            payload: {},
          }),
        )
        expect(nobody._tag).toBe("NotFound")
        const noDispute = yield* Effect.flip(
          api.billing.closeDispute({ path: payment, payload: { outcome: "won" } }),
        )
        expect(noDispute).toMatchObject({
          _tag: "DisputeRefused",
          message: "This payment has no open dispute.",
        })
        // An outcome the contract cannot send.
        expect((yield* finance.post(paths.close, { outcome: "draw" })).status).toBe(400)
        expect(yield* credits(person)).toEqual({ credits: 150, held: 0 })
        expect(yield* paymentsOf(finance, userId)).toMatchObject({
          payments: [{ refundedCents: 0, creditsTaken: 0, dispute: null }],
        })
      }),
    )
  })

  describe("disputes", () => {
    it.effect("an admin opens a dispute that holds the credits, once, and closes it lost", () =>
      Effect.gen(function* () {
        const { person, paths, payment } = yield* buyer
        const finance = yield* admin
        expect((yield* finance.post(paths.disputes, {})).body).toEqual({ balance: 150, held: 150 })
        expect(yield* credits(person)).toEqual({ credits: 150, held: 150 })
        const again = yield* Effect.flip(
          callAs(finance, (api) => api.billing.openDispute({ path: payment })),
        )
        expect(again).toMatchObject({
          _tag: "DisputeRefused",
          message: "This payment is disputed already.",
        })
        expect((yield* finance.post(paths.close, { outcome: "lost" })).body).toEqual({
          balance: 0,
          held: 0,
        })
        expect((yield* finance.post(paths.close, { outcome: "lost" })).status).toBe(409)
        expect(yield* credits(person)).toEqual({ credits: 0, held: 0 })
        const audit = yield* (yield* Billing).audit
        expect([audit.differences, audit.breaks]).toEqual([[], []])
      }),
    )

    it.effect("won, the held credits are released", () =>
      Effect.gen(function* () {
        const { person, paths } = yield* buyer
        const finance = yield* admin
        yield* finance.post(paths.disputes, {})
        expect((yield* finance.post(paths.close, { outcome: "won" })).body).toEqual({
          balance: 150,
          held: 0,
        })
        expect(yield* credits(person)).toEqual({ credits: 150, held: 0 })
      }),
    )
  })
})
