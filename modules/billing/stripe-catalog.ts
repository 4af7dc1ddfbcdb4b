import { Config, ConfigError, Either } from "effect"
import type { PackId, PlanId } from "#events/contracts/billing.ts"

/**
 * Prices kept in Stripe's catalog: an offer with a Price ID is sold as that Price, the others inline at the
 * price list's amount. A Price whose amount is not the offer's pays no credits (a payment mismatch), so
 * keep them equal.
 */
export interface StripeCatalog {
  readonly prices: Partial<Record<PackId | PlanId, string>>
  /** Stripe Tax computes the tax on every checkout and invoice; credits are for the amount before tax. */
  readonly automaticTax: boolean
}

/** Each offer's setting: plans as STRIPE_PRICE_<PLAN>, packs as STRIPE_PRICE_PACK_<PACK>. */
export const priceSettings: ReadonlyArray<readonly [PackId | PlanId, string]> = [
  ["BASIC", "STRIPE_PRICE_BASIC"],
  ["PRO", "STRIPE_PRICE_PRO"],
  ["PREMIUM", "STRIPE_PRICE_PREMIUM"],
  ["basic", "STRIPE_PRICE_PACK_BASIC"],
  ["pro", "STRIPE_PRICE_PACK_PRO"],
  ["premium", "STRIPE_PRICE_PACK_PREMIUM"],
]

const priceId = (name: string) =>
  Config.option(
    Config.string(name).pipe(
      Config.map((value) => value.trim()),
      Config.validate({
        message: `${name} must be a Stripe Price ID, such as price_1PqR...`,
        validation: (value) => /^price_[A-Za-z0-9]+$/.test(value),
      }),
    ),
  )

export const stripeCatalogConfig = Config.all({
  prices: Config.all(priceSettings.map(([, name]) => priceId(name))),
  automaticTax: Config.boolean("STRIPE_AUTOMATIC_TAX").pipe(Config.withDefault(false)),
}).pipe(
  Config.map(
    ({ prices, automaticTax }): StripeCatalog => ({
      prices: Object.fromEntries(
        priceSettings.flatMap(([offer], i) => {
          const price = prices[i]!
          return price._tag === "Some" ? [[offer, price.value]] : []
        }),
      ),
      automaticTax,
    }),
  ),
)

/** Prices and tax belong to Stripe: set without a key, they are a mistake worth stopping for. */
export const withoutStripe = (catalog: StripeCatalog) =>
  Object.keys(catalog.prices).length > 0 || catalog.automaticTax
    ? Either.left(
        ConfigError.InvalidData(
          ["STRIPE_SECRET_KEY"],
          "STRIPE_PRICE_* and STRIPE_AUTOMATIC_TAX need STRIPE_SECRET_KEY: without it, checkouts are the test mode's",
        ),
      )
    : Either.right(undefined)
