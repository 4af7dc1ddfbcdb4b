import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, runJobs, settle, signUp } from "#app/testing.ts"
import { financeEnv as env, financeAdmin, proPackBuyer } from "#app/testing-billing.ts"
import { callAs } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"

const admin = financeAdmin()

const buyer = proPackBuyer("receipt")

const receiptsTo = (email: string) =>
  Effect.gen(function* () {
    yield* settle
    yield* runJobs
    return yield* query<{ subject: string; text: string }>(
      `select subject, text from identity.mail_outbox
        where recipient = $1 and (subject like '%receipt%' or subject like '%refund%') order by id`,
      [email],
    )
  })

describeApp({ env })("receipts in the test mode", (it) => {
  it.effect(
    "a purchase and its refund are mailed once each, linking the app's own receipt page, and listed",
    () =>
      Effect.gen(function* () {
        const { person, userId, email, sessionId } = yield* buyer
        // Paying again answers as before: the purchase is recorded, and mailed, once.
        expect((yield* person.post(`/api/checkout/${sessionId}/pay`)).status).toBe(200)
        const paid = yield* receiptsTo(email)
        expect(paid).toHaveLength(1)
        expect(paid[0]!.subject).toBe("Your Melody Studio receipt: 13.29 EUR")
        expect(paid[0]!.text).toContain("Paid: 13.29 EUR\n")
        expect(paid[0]!.text).not.toContain("tax")
        expect(paid[0]!.text).toContain("Credits added: 150 credits")
        expect(paid[0]!.text).toContain(
          `Your receipt: http://127.0.0.1/credits/receipts/${sessionId}`,
        )

        const finance = yield* admin
        const refunds = `/api/admin/ledger/${userId}/payments/${sessionId}/refunds`
        expect((yield* finance.post(refunds, { amountCents: 665 })).status).toBe(200)
        const mails = yield* receiptsTo(email)
        expect(mails).toHaveLength(2)
        expect(mails[1]!.subject).toBe("Your Melody Studio refund: 6.65 EUR")
        expect(mails[1]!.text).toContain("Credits taken back: 75 credits")
        expect(mails[1]!.text).toContain("Your balance: 75 credits")

        const listed = yield* person.get("/api/billing/invoices")
        expect(listed.status).toBe(200)
        expect(listed.body).toEqual({
          receipts: [
            {
              paymentId: sessionId,
              paidAt: expect.any(String),
              description: "Pro pack: 150 credits",
              credits: 150,
              amountCents: 1329,
              taxCents: 0,
              currency: "EUR",
              refundedCents: 665,
              status: "partially_refunded",
              invoiceNumber: null,
              invoiceUrl: null,
            },
          ],
        })
        const one = yield* person.get(`/api/billing/invoices/${sessionId}`)
        expect(one.body).toMatchObject({ paymentId: sessionId, status: "partially_refunded" })
        expect((yield* finance.post(refunds, {})).status).toBe(200)
        yield* settle
        expect(
          yield* callAs(person, (api) => api.receipts.receipt({ path: { paymentId: sessionId } })),
        ).toMatchObject({
          status: "refunded",
          refundedCents: 1329,
        })
      }),
  )

  it.effect(
    "only the payer reads their receipts: anonymous 401, another person and an admin 404 and an empty list",
    () =>
      Effect.gen(function* () {
        const { sessionId } = yield* buyer
        yield* settle
        const other = (yield* signUp("other")).person
        const finance = yield* admin
        expect((yield* request("/api/billing/invoices")).status).toBe(401)
        expect((yield* request(`/api/billing/invoices/${sessionId}`)).status).toBe(401)
        for (const stranger of [other, finance]) {
          expect((yield* stranger.get(`/api/billing/invoices/${sessionId}`)).status).toBe(404)
          expect((yield* stranger.get("/api/billing/invoices")).body).toEqual({ receipts: [] })
        }
      }),
  )

  it.effect("the billing portal is Stripe's: the test mode answers 404 with why", () =>
    Effect.gen(function* () {
      const { person } = yield* buyer
      expect((yield* request("/api/billing/portal", { method: "POST" })).status).toBe(401)
      const answer = yield* person.post("/api/billing/portal", {})
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({
        message: "Payments are in test mode here: there is no billing portal to open.",
      })
    }),
  )
})
