import { Effect } from "effect"
import { v7 as uuidv7 } from "uuid"
import { Actors } from "#events/contracts/actor.ts"
import { CreditAccountEvent, CreditsPurchased } from "#events/contracts/billing.ts"
import { EventStore, ExpectedVersion, toNewEvent } from "#events/store/index.ts"

const encode = toNewEvent(CreditAccountEvent)

/**
 * A purchase no decision would record, for tests that inject differences: the Basic pack (50 credits)
 * granting `credits` on an account of its own.
 */
export const purchaseOutsideTheOffer = (paymentId: string, credits: number) =>
  Effect.flatMap(EventStore, (store) =>
    store.append(`credit-account-injected-${paymentId}`, ExpectedVersion.noStream, [
      encode(
        new CreditsPurchased({
          userId: `injected-${paymentId}`,
          pack: "basic",
          amount: credits,
          balanceAfter: credits,
          checkoutSessionId: paymentId,
          amountCents: 499,
          currency: "EUR",
        }),
        { actor: Actors.system("test"), correlationId: uuidv7() },
        uuidv7(),
      ),
    ]),
  )
