import { Data, Either } from "effect"
import {
  CheckoutCancelled,
  type CheckoutEvent,
  CheckoutStarted,
} from "#events/contracts/billing.ts"
import type { Decider } from "#events/decider.ts"

/** A checkout from the moment it opens until it is cancelled or expires; paying it is a credit event. */
export type Checkout =
  | { readonly status: "none" }
  | { readonly status: "open" | "cancelled"; readonly started: CheckoutStarted }

export type CheckoutCommand =
  | { readonly _tag: "StartCheckout"; readonly checkout: Omit<CheckoutStarted, "_tag"> }
  | { readonly _tag: "CancelCheckout"; readonly reason: CheckoutCancelled["reason"] }

export class CheckoutExists extends Data.TaggedError("CheckoutExists") {}
export class NoSuchCheckout extends Data.TaggedError("NoSuchCheckout") {}

export const checkout: Decider<
  CheckoutCommand,
  CheckoutEvent,
  Checkout,
  CheckoutExists | NoSuchCheckout
> = {
  initialState: { status: "none" },
  evolve: (state, event) => {
    switch (event._tag) {
      case "CheckoutStarted":
        return { status: "open", started: event }
      case "CheckoutCancelled":
        return state.status === "none" ? state : { ...state, status: "cancelled" }
    }
  },
  decide: (command, state) => {
    switch (command._tag) {
      case "StartCheckout":
        return state.status === "none"
          ? Either.right([new CheckoutStarted(command.checkout)])
          : Either.left(new CheckoutExists())
      case "CancelCheckout":
        if (state.status === "none") return Either.left(new NoSuchCheckout())
        return state.status === "cancelled"
          ? Either.right([])
          : Either.right([
              new CheckoutCancelled({
                checkoutSessionId: state.started.checkoutSessionId,
                userId: state.started.userId,
                reason: command.reason,
              }),
            ])
    }
  },
}
