import { Data, Either } from "effect"
import {
  CheckoutCancelled,
  type CheckoutEvent,
  CheckoutPaid,
  CheckoutStarted,
} from "#events/contracts/billing.ts"
import type { Decider } from "#events/decider.ts"

/**
 * A checkout from the moment it opens until it is cancelled, expires, or (in the test mode, where we take
 * the payment ourselves) is paid; paying it is also a credit event on the buyer's account.
 */
export type Checkout =
  | { readonly status: "none" }
  | { readonly status: "open" | "cancelled" | "paid"; readonly started: CheckoutStarted }

export type CheckoutCommand =
  | { readonly _tag: "StartCheckout"; readonly checkout: Omit<CheckoutStarted, "_tag"> }
  | { readonly _tag: "CancelCheckout"; readonly reason: CheckoutCancelled["reason"] }
  | { readonly _tag: "PayCheckout" }

export class CheckoutExists extends Data.TaggedError("CheckoutExists") {}
export class NoSuchCheckout extends Data.TaggedError("NoSuchCheckout") {}
export class CheckoutAlreadyCancelled extends Data.TaggedError("CheckoutAlreadyCancelled") {}
export class CheckoutAlreadyPaid extends Data.TaggedError("CheckoutAlreadyPaid") {}

export type CheckoutRefusal =
  | CheckoutExists
  | NoSuchCheckout
  | CheckoutAlreadyCancelled
  | CheckoutAlreadyPaid

/** Paid and cancelled exclude each other; asking for the same outcome again changes nothing. */
export const checkout: Decider<CheckoutCommand, CheckoutEvent, Checkout, CheckoutRefusal> = {
  initialState: { status: "none" },
  evolve: (state, event) => {
    switch (event._tag) {
      case "CheckoutStarted":
        return { status: "open", started: event }
      case "CheckoutCancelled":
        return state.status === "none" ? state : { ...state, status: "cancelled" }
      case "CheckoutPaid":
        return state.status === "none" ? state : { ...state, status: "paid" }
    }
  },
  decide: (command, state) => {
    if (command._tag === "StartCheckout") {
      return state.status === "none"
        ? Either.right([new CheckoutStarted(command.checkout)])
        : Either.left(new CheckoutExists())
    }
    if (state.status === "none") return Either.left(new NoSuchCheckout())
    const { checkoutSessionId, userId } = state.started
    if (command._tag === "CancelCheckout") {
      if (state.status === "paid") return Either.left(new CheckoutAlreadyPaid())
      return state.status === "cancelled"
        ? Either.right([])
        : Either.right([
            new CheckoutCancelled({ checkoutSessionId, userId, reason: command.reason }),
          ])
    }
    if (state.status === "cancelled") return Either.left(new CheckoutAlreadyCancelled())
    return state.status === "paid"
      ? Either.right([])
      : Either.right([new CheckoutPaid({ checkoutSessionId, userId })])
  },
}
