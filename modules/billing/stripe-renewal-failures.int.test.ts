import { afterAll, expect } from "@effect/vitest"
import { Effect } from "effect"
import { balanceOf, describeApp, runJobs, serverUrl, settle, signUp } from "#app/testing.ts"
import { type Browser, openPlan, stripeEnv, subscriptionOf } from "#app/testing-billing.ts"
import { query } from "#events/testing.ts"
import { startFakeStripe } from "#stand-ins/fake-services/stripe.ts"

const stripe = await startFakeStripe()
afterAll(() => stripe.close())

const env = stripeEnv(stripe)

const promise = <A>(run: () => Promise<A>) => Effect.promise(run)

const subscriber = Effect.gen(function* () {
  const { person, user } = yield* signUp("renewer")
  stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
  const { sessionId } = yield* openPlan(person, "PRO")
  yield* promise(() => stripe.pay(sessionId))
  return {
    person,
    email: user.email,
    subscriptionId: stripe.sessions.get(sessionId)!.subscription!,
  }
})
const status = (person: Browser) => Effect.flatMap(settle, () => subscriptionOf(person))
const mailsTo = (email: string) =>
  Effect.gen(function* () {
    yield* settle
    yield* runJobs
    return yield* query<{ subject: string; text: string }>(
      "select subject, text from identity.mail_outbox where recipient = $1 and subject like '%did not go through'",
      [email],
    )
  })

describeApp({ env })("a renewal the card did not pay, through Stripe", (it) => {
  it.effect(
    "shows what is due and mails once per attempt, however the webhooks arrive; the credits come when it is paid",
    () =>
      Effect.gen(function* () {
        const { person, email, subscriptionId } = yield* subscriber
        const [failed] = yield* promise(() => stripe.failRenewal(subscriptionId))
        const invoice = (failed!.data.object as { id: string }).id
        expect(yield* balanceOf(person)).toBe(300)
        expect(yield* status(person)).toMatchObject({
          status: "active",
          plan: "PRO",
          paymentDue: { amountCents: 1329, currency: "eur", nextAttemptAt: expect.any(Date) },
        })
        // Delivered twice: one mail.
        expect((yield* promise(() => stripe.deliver(failed!))).status).toBe(200)
        const mails = yield* mailsTo(email)
        expect(mails).toHaveLength(1)
        expect(mails[0]!.text).toContain("We could not take the 13.29 EUR for your Pro plan.")
        expect(mails[0]!.text).toContain("/credits")

        // A second attempt fails: a second mail; the first attempt's report arriving late changes nothing.
        yield* promise(() => stripe.failAgain(invoice))
        expect((yield* promise(() => stripe.deliver(failed!))).status).toBe(200)
        expect(yield* mailsTo(email)).toHaveLength(2)

        // Paid at last: the month's credits, once; the failure reported after it changes nothing.
        const [paid] = yield* promise(() => stripe.payInvoice(invoice))
        expect((yield* promise(() => stripe.deliver(paid!))).status).toBe(200)
        expect(yield* balanceOf(person)).toBe(600)
        expect((yield* promise(() => stripe.deliver(failed!))).status).toBe(200)
        const after = yield* status(person)
        expect(after).not.toHaveProperty("paymentDue")
        expect(yield* mailsTo(email)).toHaveLength(2)
        expect(yield* balanceOf(person)).toBe(600)
      }),
  )
})
