import { afterAll, expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, runJobs, serverUrl, settle, signUp } from "#app/testing.ts"
import { openPack, openPlan, stripeEnv } from "#app/testing-billing.ts"
import { query } from "#events/testing.ts"
import { startFakeStripe } from "#stand-ins/fake-services/stripe.ts"

const stripe = await startFakeStripe()
afterAll(() => stripe.close())

const env = {
  ...stripeEnv(stripe),
  STRIPE_AUTOMATIC_TAX: "true",
}

const promise = <A>(run: () => Promise<A>) => Effect.promise(run)

const member = Effect.gen(function* () {
  const { person, user } = yield* signUp("receipts")
  stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
  return { person, email: user.email }
})
const receiptsTo = (email: string) =>
  Effect.gen(function* () {
    yield* settle
    yield* runJobs
    return yield* query<{ subject: string; text: string; html: string }>(
      `select subject, text, html from identity.mail_outbox
        where recipient = $1 and (subject like '%receipt%' or subject like '%refund%') order by id`,
      [email],
    )
  })
const deliverAgain = (events: ReadonlyArray<unknown>) =>
  promise(async () => {
    for (const event of events) await stripe.deliver(event as never)
  })

describeApp({ env })("receipts of payments through Stripe", (it) => {
  it.effect(
    "a pack's receipt names what was paid, its tax, the credits, the balance and its invoice, once",
    () =>
      Effect.gen(function* () {
        const { person, email } = yield* member
        const { sessionId } = yield* openPack(person, { amount: 13.29, credits: 150 })
        const batch = yield* promise(() => stripe.pay(sessionId))
        yield* deliverAgain(batch)
        const invoice = stripe.invoices.get(stripe.sessions.get(sessionId)!.invoice!)!
        const mails = yield* receiptsTo(email)
        expect(mails).toHaveLength(1)
        expect(mails[0]!.subject).toBe("Your Melody Studio receipt: 13.29 EUR")
        expect(mails[0]!.text).toContain("Thank you for your payment for Pro pack: 150 credits.")
        expect(mails[0]!.text).toContain("Paid: 13.29 EUR (incl. tax 2.22 EUR)")
        expect(mails[0]!.text).toContain("Credits added: 150 credits")
        expect(mails[0]!.text).toContain("Your balance: 150 credits")
        expect(mails[0]!.text).toContain(
          `Invoice ${invoice.number}: https://invoice.stripe.com/i/${invoice.id}`,
        )
        expect(mails[0]!.html).toContain(`href="https://invoice.stripe.com/i/${invoice.id}"`)
      }),
  )

  it.effect("a plan's first month and each renewal get one receipt; a refund gets its own", () =>
    Effect.gen(function* () {
      const { person, email } = yield* member
      const { sessionId } = yield* openPlan(person, "PRO")
      const first = yield* promise(() => stripe.pay(sessionId))
      const subscriptionId = stripe.sessions.get(sessionId)!.subscription!
      const renewal = yield* promise(() => stripe.renew(subscriptionId))
      yield* deliverAgain([...first, ...renewal])
      const paid = yield* receiptsTo(email)
      expect(paid.map((mail) => mail.subject)).toEqual([
        "Your Melody Studio receipt: 13.29 EUR",
        "Your Melody Studio plan renewed: receipt: 13.29 EUR",
      ])
      expect(paid[0]!.text).toContain("Pro plan: 300 credits a month")
      expect(paid[1]!.text).toContain("Your balance: 600 credits")

      const renewed = (renewal[0]!.data.object as { id: string }).id
      const paymentIntent = stripe.invoicePayments.get(renewed)!.payment.payment_intent as string
      const refunded = yield* promise(() => stripe.refund(paymentIntent, 500))
      yield* deliverAgain(refunded)
      const mails = yield* receiptsTo(email)
      expect(mails).toHaveLength(3)
      expect(mails[2]!.subject).toBe("Your Melody Studio refund: 5.00 EUR")
      expect(mails[2]!.text).toContain("Refunded: 5.00 EUR (incl. tax 0.84 EUR)")
      expect(mails[2]!.text).toContain("Credits taken back: 112 credits")
      expect(mails[2]!.text).toContain("Your balance: 488 credits")
      expect(mails[2]!.text).toContain(`https://invoice.stripe.com/i/${renewed}`)
    }),
  )
})
