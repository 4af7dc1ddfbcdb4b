import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import { NotFound } from "#api/refusals.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import { BillingPortal, NoBillingAccount } from "./api-receipts.ts"
import { callStripe, StripeClient } from "./stripe-client.ts"

const testMode = new NotFound({
  message: "Payments are in test mode here: there is no billing portal to open.",
})
const noCustomer = new NoBillingAccount({
  message:
    "You have not paid through Stripe yet. Once you buy credits or a plan, you can manage your card and invoices here.",
})

/**
 * Stripe's customer portal (card, invoices, cancelling), opened for the person's own Stripe customer,
 * which their first checkout created; it returns to the Credits page.
 */
export const makeBillingPortal = Effect.gen(function* () {
  const client = yield* Effect.serviceOption(StripeClient)
  const appUrl = yield* AppUrl
  const sql = yield* SqlClient.SqlClient

  const open = (userId: string) =>
    Effect.gen(function* () {
      if (Option.isNone(client)) return yield* testMode
      const { stripe } = client.value
      const [known] = yield* sql<{ customer_id: string }>`
        select customer_id from billing.customers where user_id = ${userId}`.pipe(Effect.orDie)
      if (known === undefined) return yield* noCustomer
      const session = yield* callStripe("billingPortal.sessions.create", () =>
        stripe.billingPortal.sessions.create({
          customer: known.customer_id,
          return_url: `${appUrl}/credits`,
        }),
      )
      return new BillingPortal({ url: session.url })
    })

  return { open }
})
