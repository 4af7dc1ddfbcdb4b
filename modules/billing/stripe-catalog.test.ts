import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Exit, Option } from "effect"
import { billingConfig } from "./config.ts"

const read = (env: Record<string, string>) =>
  Effect.runSyncExit(
    Effect.withConfigProvider(billingConfig, ConfigProvider.fromMap(new Map(Object.entries(env)))),
  )
const keys = { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" }

describe("STRIPE_PRICE_* and STRIPE_AUTOMATIC_TAX", () => {
  it("reads each offer's Price ID and the tax switch", () => {
    const exit = read({
      ...keys,
      STRIPE_PRICE_PRO: "price_abc123",
      STRIPE_PRICE_PACK_BASIC: " price_pack1 ",
      STRIPE_AUTOMATIC_TAX: "true",
    })
    expect(Exit.isSuccess(exit)).toBe(true)
    if (!Exit.isSuccess(exit)) return
    const stripe = Option.getOrThrow(exit.value.stripe)
    expect(stripe.catalog).toEqual({
      prices: { PRO: "price_abc123", basic: "price_pack1" },
      automaticTax: true,
    })
  })

  it("defaults to inline prices without tax", () => {
    const exit = read(keys)
    expect(Exit.isSuccess(exit) && Option.getOrThrow(exit.value.stripe).catalog).toEqual({
      prices: {},
      automaticTax: false,
    })
  })

  it("refuses something that is not a Price ID, naming the setting", () => {
    const exit = read({ ...keys, STRIPE_PRICE_PREMIUM: "prod_123" })
    expect(Exit.isFailure(exit)).toBe(true)
    expect(String(Exit.isFailure(exit) && exit.cause)).toContain(
      "STRIPE_PRICE_PREMIUM must be a Stripe Price ID",
    )
  })

  it("refuses prices or tax without a Stripe key", () => {
    for (const env of [{ STRIPE_PRICE_PRO: "price_abc" }, { STRIPE_AUTOMATIC_TAX: "true" }]) {
      const exit = read(env)
      expect(String(Exit.isFailure(exit) && exit.cause)).toContain("need STRIPE_SECRET_KEY")
    }
  })
})
