import { expect } from "@effect/vitest"
import { Effect } from "effect"
import type { FakeStripe } from "#stand-ins/fake-services/stripe.ts"
import { type browser, signUp, signUpAdmin } from "./testing.ts"

/** What billing's tests share: settings, the finance administrator and a bought pack. */

export type Browser = ReturnType<typeof browser>

/** An answer's JSON body, as the test expects it to be. */
export const body = <A>(answer: { readonly body: unknown }) => answer.body as A

/** Many people from one address, and the configured administrator who does finance's work. */
export const financeEnv = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  LOGIN_ATTEMPTS_PER_ADDRESS: "1000",
  ADMIN_EMAIL: "finance@example.com",
} as const

/** The app paid through a fake Stripe, its webhooks signed with the fake's secret. */
export const stripeEnv = (stripe: FakeStripe) => ({
  REGISTRATIONS_PER_ADDRESS: "1000",
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.url,
})

/** The finance administrator (financeEnv's ADMIN_EMAIL), signed up and verified on first use. */
export const financeAdmin = () => {
  let finance: Browser | undefined
  return Effect.suspend(() =>
    finance
      ? Effect.succeed(finance)
      : Effect.map(signUpAdmin("finance", financeEnv.ADMIN_EMAIL), ({ person }) => {
          finance = person
          return person
        }),
  )
}

/** Opens a checkout for the Pro pack (150 credits for 13.29 EUR) and pays it on the test-mode page. */
export const buyProPack = (person: Browser) =>
  Effect.gen(function* () {
    const opened = yield* person.post("/api/payments/create-payment-intent", {
      amount: 13.29,
      credits: 150,
      description: "Pro pack",
    })
    expect(opened.status).toBe(200)
    const { sessionId, url } = body<{ sessionId: string; url: string }>(opened)
    expect(url).toMatch(new RegExp(`/checkout/${sessionId}$`))
    const paid = yield* person.post(`/api/checkout/${sessionId}/pay`)
    expect(paid.status).toBe(200)
    return { sessionId, redirectUrl: body<{ redirectUrl: string }>(paid).redirectUrl }
  })

/** A new person who bought the Pro pack on the test-mode checkout page. */
export const proPackBuyer = (prefix: string) =>
  Effect.gen(function* () {
    const { person, user } = yield* signUp(prefix)
    const { sessionId } = yield* buyProPack(person)
    return { person, userId: user.id, email: user.email, sessionId }
  })
