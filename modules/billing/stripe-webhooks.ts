import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Redacted } from "effect"
import type { Writes } from "#events/handle-command.ts"
import { EventStore } from "#events/store/index.ts"
import { InvalidWebhook, type PaymentNotRecorded } from "./api.ts"
import { StripeClient } from "./stripe-client.ts"
import { makeStripeEventMeaning } from "./stripe-events.ts"

const make = Effect.gen(function* () {
  const { stripe, settings } = yield* StripeClient
  const interpret = yield* makeStripeEventMeaning
  const store = yield* EventStore
  const sql = yield* SqlClient.SqlClient

  const receive = Effect.fn("StripeWebhooks.receive")(
    function* (body: Uint8Array, signature: string | undefined) {
      if (signature === undefined) {
        return yield* new InvalidWebhook({ message: "The Stripe-Signature header is missing." })
      }
      const event = yield* Effect.tryPromise({
        try: () =>
          stripe.webhooks.constructEventAsync(
            Buffer.from(body),
            signature,
            Redacted.value(settings.webhookSecret),
          ),
        catch: () => new InvalidWebhook({ message: "The webhook signature does not match." }),
      })
      const seen = yield* sql`select 1 from billing.stripe_events where event_id = ${event.id}`
      if (seen.length > 0) return
      const record = yield* interpret(event)
      yield* store.transaction(
        Effect.gen(function* () {
          const first = yield* sql`
            insert into billing.stripe_events (event_id, type) values (${event.id}, ${event.type})
            on conflict (event_id) do nothing returning event_id`
          if (first.length > 0) yield* record
        }),
      )
    },
    Effect.catchTag("SqlError", Effect.die),
    Effect.catchTag("PaymentProviderFailed", Effect.die),
  )

  return { receive }
})

/** Stripe's webhook deliveries, each recorded once. */
export class StripeWebhooks extends Context.Tag("@melody/billing/StripeWebhooks")<
  StripeWebhooks,
  {
    /**
     * A delivery from Stripe: verified against the signing secret over the exact bytes received, then
     * recorded once per event id, in one transaction with its effects. A failure answers 500, and a refund
     * or dispute of a payment not recorded yet 409, so Stripe delivers again later.
     */
    readonly receive: (
      body: Uint8Array,
      signature: string | undefined,
    ) => Writes<void, InvalidWebhook | PaymentNotRecorded>
  }
>() {
  static readonly live = Layer.effect(StripeWebhooks, make)
}
