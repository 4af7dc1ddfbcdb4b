import type { Effect } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { NotFound } from "#api/refusals.ts"
import type { Writes } from "#events/handle-command.ts"
import type { ActiveSubscriptionExists, CheckoutClosed, OfflineCheckout } from "./api.ts"
import type { Redirect } from "./billing-shape.ts"
import type { RenewalOptions } from "./offline-renewals.ts"

/**
 * The offline test mode's checkout page and its monthly renewals. The test mode takes the payment itself,
 * so paying or cancelling is the checkout's one decision, made on its stream: whichever comes first wins,
 * and the other is refused.
 */
export interface OfflineCheckoutShape {
  readonly view: (user: SignedInUser, sessionId: string) => Effect.Effect<OfflineCheckout, NotFound>
  /**
   * Paying: exactly what a provider's "paid" report does. Paying twice changes nothing. A plan paid while
   * another is active is refused (before it is paid, or, paid at the same moment, with its refund).
   */
  readonly pay: (
    user: SignedInUser,
    sessionId: string,
  ) => Writes<Redirect, NotFound | CheckoutClosed | ActiveSubscriptionExists>
  readonly cancel: (
    user: SignedInUser,
    sessionId: string,
  ) => Writes<Redirect, NotFound | CheckoutClosed>
  /**
   * What Stripe does each month, for the test mode: every active offline subscription whose period is over
   * (or every one, with `force`) is invoiced and credited again; cancelled ones past their end end.
   * Invoice ids come from the period, so running this twice in a period credits once.
   */
  readonly renewSubscriptions: (
    options: RenewalOptions,
  ) => Effect.Effect<{ readonly renewed: number; readonly ended: number }>
}
