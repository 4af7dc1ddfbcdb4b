import { describe, it } from "@effect/vitest"
import { CheckoutCancelled, CheckoutPaid, CheckoutStarted } from "#events/contracts/billing.ts"
import { given } from "#events/testing.ts"
import { checkout } from "./checkout-decider.ts"

const started = new CheckoutStarted({
  checkoutSessionId: "cs_1",
  userId: "u1",
  kind: "pack",
  item: "PRO",
  credits: 150,
  provider: "offline",
  amountCents: 1329,
  currency: "usd",
})
const paid = new CheckoutPaid({ checkoutSessionId: "cs_1", userId: "u1" })
const cancelled = new CheckoutCancelled({
  checkoutSessionId: "cs_1",
  userId: "u1",
  reason: "cancelled",
})

describe("a test-mode checkout", () => {
  it("is paid or cancelled, never both", () => {
    given(checkout, [started]).when({ _tag: "PayCheckout" }).thenEmits([paid])
    given(checkout, [started])
      .when({ _tag: "CancelCheckout", reason: "cancelled" })
      .thenEmits([cancelled])
    given(checkout, [started, paid])
      .when({ _tag: "CancelCheckout", reason: "cancelled" })
      .thenFails("CheckoutAlreadyPaid")
    given(checkout, [started, cancelled])
      .when({ _tag: "PayCheckout" })
      .thenFails("CheckoutAlreadyCancelled")
  })

  it("takes the same decision again as no change", () => {
    given(checkout, [started, paid]).when({ _tag: "PayCheckout" }).thenEmits([])
    given(checkout, [started, cancelled])
      .when({ _tag: "CancelCheckout", reason: "expired" })
      .thenEmits([])
  })

  it("cannot be decided before it is opened", () => {
    given(checkout, []).when({ _tag: "PayCheckout" }).thenFails("NoSuchCheckout")
  })
})
