import { Context, Effect, Option, Redacted } from "effect"
import Stripe from "stripe"
import { PaymentProviderFailed } from "./api.ts"
import type { StripeSettings } from "./config.ts"

/** The official client, pointed at api.stripe.com or at STRIPE_API_URL (the tests' fake). */
export class StripeClient extends Context.Tag("@melody/billing/StripeClient")<
  StripeClient,
  { readonly stripe: Stripe; readonly settings: StripeSettings }
>() {}

export const makeStripe = (settings: StripeSettings) => {
  const url = Option.getOrUndefined(settings.apiUrl)
  const stripe = new Stripe(Redacted.value(settings.secretKey), {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Melody Studio" },
    ...(url && {
      host: url.hostname,
      port: url.port || (url.protocol === "http:" ? 80 : 443),
      protocol: url.protocol === "http:" ? "http" : "https",
    }),
  })
  return { stripe, settings }
}

/** A call to Stripe; its failure is logged in full and answered with a message fit for people. */
export const callStripe = <A>(what: string, call: () => Promise<A>) =>
  Effect.tryPromise({
    try: call,
    catch: (error) => error,
  }).pipe(
    Effect.tapError((error) => Effect.logError(`Stripe: ${what} failed`, error)),
    Effect.mapError(
      () =>
        new PaymentProviderFailed({
          message: "The payment service did not answer. Please try again in a moment.",
        }),
    ),
    Effect.withSpan(`Stripe.${what}`),
  )

/** Stripe counts seconds since 1970. */
export const fromStripeTime = (seconds: number) => new Date(seconds * 1000)

/** An expandable field's id, whether Stripe sent the id or the object. */
export const idOf = (field: string | { readonly id: string } | null | undefined) =>
  field === null || field === undefined ? undefined : typeof field === "string" ? field : field.id
