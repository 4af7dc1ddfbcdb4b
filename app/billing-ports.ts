import { Effect, Layer } from "effect"
import { PersonMail } from "#modules/billing/index.ts"
import { makePersonMailer } from "#modules/identity/index.ts"

/** Billing mails people through identity, which holds their addresses. */
export const PersonMailLive = Layer.effect(
  PersonMail,
  Effect.map(makePersonMailer, (send) => PersonMail.of({ send })),
)
