import { Effect } from "effect"
import { SubscriptionPaymentFailed } from "#events/contracts/billing.ts"
import { decodeAll, type Subscription } from "#events/store/index.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { PersonMail } from "#toolkit/person-mail.ts"
import { describeMoney, offerNames } from "./api-offers.ts"

const decodeFailures = decodeAll(SubscriptionPaymentFailed)

const day = (date: Date) => date.toISOString().slice(0, 10)

/** The mail a failed renewal sends: what was not paid, what waits for it, and where to fix the card. */
export const paymentFailedMail = (event: SubscriptionPaymentFailed, creditsPage: string) => {
  const paragraphs = [
    `We could not take the ${describeMoney(event.amountCents, event.currency)} for your ${offerNames[event.plan]} plan.`,
    event.nextAttemptAt === null
      ? "We will not try again: the plan ends unless the invoice is paid."
      : `We will try again on ${day(event.nextAttemptAt)}.`,
    "This month's credits are added as soon as the invoice is paid. Please check your card:",
  ]
  return {
    subject: "Your Melody Studio payment did not go through",
    text: [...paragraphs, "", creditsPage].join("\n"),
    html: `<!doctype html><html><body>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p><a href="${escapeHtml(creditsPage)}">Open your Credits page</a></p></body></html>`,
  }
}

/**
 * A subscriber whose renewal failed is mailed once per failed attempt: the event is recorded once however
 * often Stripe reports it, and the mail is queued in the transaction that moves this reaction's checkpoint.
 */
export const paymentFailedMails: Subscription<PersonMail | AppUrl> = {
  name: "billing:payment-failed-mails",
  types: ["SubscriptionPaymentFailed"],
  onPoison: "skip",
  handle: (events) =>
    Effect.gen(function* () {
      const mail = yield* PersonMail
      const appUrl = yield* AppUrl
      for (const { event, eventId } of yield* decodeFailures(events)) {
        yield* mail.send(
          event.userId,
          paymentFailedMail(event, `${appUrl}/credits`),
          `billing-mail-${eventId}`,
        )
      }
    }),
}
