import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle } from "#app/testing.ts"
import {
  type Browser,
  body,
  financeEnv as env,
  financeAdmin,
  proPackBuyer,
} from "#app/testing-billing.ts"
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
  return { person, userId, sessionId, paths }
})

const credits = (person: Browser) =>
  Effect.flatMap(settle, () =>
    Effect.map(person.get("/api/credits"), (answer) =>
      body<{ credits: number; held: number }>(answer),
    ),
  )

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
          expect(body<unknown>(yield* finance.get(paths.payments))).toMatchObject({
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
            Effect.zipRight(settle, person.get("/api/credits/transactions")),
            (answer) =>
              body<ReadonlyArray<{ id: string; status: string }>>(answer).find(
                (t) => t.id === sessionId,
              )?.status,
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

          const financeId = body<{ id: string }>(yield* finance.get("/api/user")).id
          const ledger = body<{ entries: ReadonlyArray<Record<string, unknown>> }>(
            yield* finance.get(`/api/admin/ledger/${userId}`),
          )
          expect(ledger.entries.slice(-2)).toMatchObject([
            { type: "PaymentRefunded", amount: -75, cause: "checkout", causeId: sessionId },
            { type: "PaymentRefunded", amount: -75, balanceAfter: 0, actor: `admin:${financeId}` },
          ])
          const history = body<ReadonlyArray<{ description: string }>>(
            yield* person.get("/api/credits/transactions"),
          )
          expect(history.map((t) => t.description)).toContain(
            "Refund of your purchase of the Pro pack: 6.65 EUR, -75 credits",
          )
          const audit = yield* (yield* Billing).audit
          expect([audit.differences, audit.breaks]).toEqual([[], []])
        }),
    )

    it.effect("bad input gets a clear 4xx and changes nothing", () =>
      Effect.gen(function* () {
        const { person, userId, paths } = yield* buyer
        const finance = yield* admin
        const tooMuch = yield* finance.post(paths.refunds, { amountCents: 1330 })
        expect(tooMuch.status).toBe(400)
        expect(body<{ message: string }>(tooMuch).message).toBe(
          "A refund of this payment must be between 0.01 and 13.29 EUR.",
        )
        for (const payload of [{ amountCents: 0 }, { amountCents: 2.5 }, { amountCents: "all" }]) {
          expect((yield* finance.post(paths.refunds, payload)).status).toBe(400)
        }
        const unknown = yield* finance.post(
          `/api/admin/ledger/${userId}/payments/cs_nope/refunds`,
          {},
        )
        expect(unknown.status).toBe(404)
        expect(body<{ message: string }>(unknown).message).toBe(
          "This person has no payment with this id.",
        )
        const nobody = yield* finance.post("/api/admin/ledger/nobody/payments/cs_nope/refunds", {})
        expect(nobody.status).toBe(404)
        const noDispute = yield* finance.post(paths.close, { outcome: "won" })
        expect(noDispute.status).toBe(409)
        expect(body<{ message: string }>(noDispute).message).toBe(
          "This payment has no open dispute.",
        )
        expect((yield* finance.post(paths.close, { outcome: "draw" })).status).toBe(400)
        expect(yield* credits(person)).toEqual({ credits: 150, held: 0 })
        expect(
          body<{ payments: ReadonlyArray<unknown> }>(yield* finance.get(paths.payments)),
        ).toMatchObject({ payments: [{ refundedCents: 0, creditsTaken: 0, dispute: null }] })
      }),
    )
  })

  describe("disputes", () => {
    it.effect("an admin opens a dispute that holds the credits, once, and closes it lost", () =>
      Effect.gen(function* () {
        const { person, paths } = yield* buyer
        const finance = yield* admin
        expect((yield* finance.post(paths.disputes, {})).body).toEqual({ balance: 150, held: 150 })
        expect(yield* credits(person)).toEqual({ credits: 150, held: 150 })
        const again = yield* finance.post(paths.disputes, {})
        expect(again.status).toBe(409)
        expect(body<{ message: string }>(again).message).toBe("This payment is disputed already.")
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
