import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { CheckoutStarted, PaymentProviderName } from "./checkouts.ts"

describe("the payment provider's name", () => {
  it("reads the stored word for the offline checkout as the word the code uses, and writes it back as stored", () => {
    expect(Schema.decodeUnknownSync(PaymentProviderName)("local")).toBe("offline")
    expect(Schema.encodeSync(PaymentProviderName)("offline")).toBe("local")
    expect(Schema.decodeUnknownSync(PaymentProviderName)("stripe")).toBe("stripe")
  })

  it("refuses a provider it does not know, and the code's word where the stored one belongs", () => {
    expect(Either.isLeft(Schema.decodeUnknownEither(PaymentProviderName)("offline"))).toBe(true)
    expect(Either.isLeft(Schema.decodeUnknownEither(PaymentProviderName)("paypal"))).toBe(true)
  })

  it("round-trips a stored checkout unchanged", () => {
    const stored = {
      _tag: "CheckoutStarted",
      checkoutSessionId: "cs_1",
      userId: "u1",
      kind: "pack",
      item: "pro",
      credits: 50,
      provider: "local",
      amountCents: 999,
      currency: "eur",
    }
    const started = Schema.decodeUnknownSync(CheckoutStarted)(stored)
    expect(started.provider).toBe("offline")
    expect(Schema.encodeSync(CheckoutStarted)(started)).toEqual(stored)
  })
})
