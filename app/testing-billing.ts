import { expect } from "@effect/vitest"
import { Effect } from "effect"
import type { PaymentIntentPayload, SubscriptionPayload } from "#modules/billing/api.ts"
import type { FakeStripe } from "#stand-ins/fake-services/stripe.ts"
import { type browser, signUp, signUpAdmin } from "./testing.ts"
import { callAs } from "./testing-client.ts"

/** What billing's tests share: settings, the finance administrator and a bought pack. */

export type Browser = ReturnType<typeof browser>

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

/** Opens a checkout for a pack, through the typed client: its session and where the browser goes to pay. */
export const openPack = (person: Browser, payload: PaymentIntentPayload) =>
  callAs(person, (api) => api.billing.createPaymentIntent({ payload }))

/** Opens a checkout for a plan, through the typed client. */
export const openPlan = (person: Browser, planId: typeof SubscriptionPayload.Type.planId) =>
  callAs(person, (api) => api.billing.createSubscription({ payload: { planId } }))

/** The person's subscription, as the contract describes it (its dates decoded). */
export const subscriptionOf = (person: Browser) =>
  callAs(person, (api) => api.billing.subscriptionStatus())

/** Opens a checkout for the Pro pack (150 credits for 13.29 EUR) and pays it on the test-mode page. */
export const buyProPack = (person: Browser) =>
  Effect.gen(function* () {
    const { sessionId, url } = yield* openPack(person, {
      amount: 13.29,
      credits: 150,
      description: "Pro pack",
    })
    expect(url).toMatch(new RegExp(`/checkout/${sessionId}$`))
    const { redirectUrl } = yield* callAs(person, (api) =>
      api.billing.payOfflineCheckout({ path: { sessionId } }),
    )
    return { sessionId, redirectUrl }
  })

/** A new person who bought the Pro pack on the test-mode checkout page. */
export const proPackBuyer = (prefix: string) =>
  Effect.gen(function* () {
    const { person, user } = yield* signUp(prefix)
    const { sessionId } = yield* buyProPack(person)
    return { person, userId: user.id, email: user.email, sessionId }
  })
