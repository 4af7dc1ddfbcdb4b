import { Config, ConfigError, Context, Either, Layer, Option, type Redacted } from "effect"
import { type StripeCatalog, stripeCatalogConfig, withoutStripe } from "./stripe-catalog.ts"

/** Stripe, when configured: the live payment adapter. */
export interface StripeSettings {
  readonly secretKey: Redacted.Redacted
  readonly webhookSecret: Redacted.Redacted
  /** Another address for Stripe's API (tests point it at a local fake); unset: api.stripe.com. */
  readonly apiUrl: Option.Option<URL>
  /** STRIPE_PRICE_* and STRIPE_AUTOMATIC_TAX (see stripe-catalog.ts). */
  readonly catalog: StripeCatalog
}

/** Billing's settings, with offline defaults. */
export interface BillingConfigShape {
  /** Credits every new account starts with, as a ledger event (the spec's default is 0). */
  readonly signupCredits: number
  /** Free credits a verified account is topped up to each UTC day; 0 (the default) turns them off. */
  readonly dailyFreeCredits: number
  /** An admin's adjustment of more credits than this, either way, waits for a second admin. */
  readonly adjustmentApprovalAbove: number
  /** The one currency of every price, ISO 4217, lower case as Stripe writes it. */
  readonly currency: string
  /** Unset: the offline test-mode checkout. */
  readonly stripe: Option.Option<StripeSettings>
}

export class BillingConfig extends Context.Tag("@melody/billing/BillingConfig")<
  BillingConfig,
  BillingConfigShape
>() {}

const currency = Config.string("CURRENCY").pipe(
  Config.withDefault("EUR"),
  Config.map((code) => code.trim().toLowerCase()),
  Config.validate({
    message: "CURRENCY must be a three-letter ISO 4217 code, such as EUR or USD",
    validation: (code) => /^[a-z]{3}$/.test(code),
  }),
)

const stripe = Config.all({
  secretKey: Config.option(Config.redacted("STRIPE_SECRET_KEY")),
  webhookSecret: Config.option(Config.redacted("STRIPE_WEBHOOK_SECRET")),
  apiUrl: Config.option(Config.url("STRIPE_API_URL")),
  catalog: stripeCatalogConfig,
}).pipe(
  Config.mapOrFail(
    ({
      secretKey,
      webhookSecret,
      apiUrl,
      catalog,
    }): Either.Either<Option.Option<StripeSettings>, ConfigError.ConfigError> => {
      if (Option.isNone(secretKey)) return Either.map(withoutStripe(catalog), () => Option.none())
      if (Option.isNone(webhookSecret)) {
        return Either.left(
          ConfigError.MissingData(
            ["STRIPE_WEBHOOK_SECRET"],
            "STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: webhooks must be verified",
          ),
        )
      }
      return Either.right(
        Option.some({
          secretKey: secretKey.value,
          webhookSecret: webhookSecret.value,
          apiUrl,
          catalog,
        }),
      )
    },
  ),
)

export const billingConfig = Config.all({
  signupCredits: Config.integer("SIGNUP_CREDITS").pipe(
    Config.withDefault(0),
    Config.validate({
      message: "SIGNUP_CREDITS must be 0 or more",
      validation: (n) => n >= 0,
    }),
  ),
  dailyFreeCredits: Config.integer("DAILY_FREE_CREDITS").pipe(
    Config.withDefault(0),
    Config.validate({
      message: "DAILY_FREE_CREDITS must be 0 (off) or more credits",
      validation: (n) => n >= 0,
    }),
  ),
  adjustmentApprovalAbove: Config.integer("ADJUSTMENT_APPROVAL_ABOVE").pipe(
    Config.withDefault(1000),
    Config.validate({
      message: "ADJUSTMENT_APPROVAL_ABOVE must be 0 or more credits",
      validation: (n) => n >= 0,
    }),
  ),
  currency,
  stripe,
})

export const BillingConfigLive = Layer.effect(BillingConfig, billingConfig)

export const describeBillingConfig = (config: BillingConfigShape) => ({
  payments: Option.isSome(config.stripe) ? "stripe" : "offline test-mode checkout",
  stripePrices: Option.match(config.stripe, {
    onNone: () => "none",
    onSome: ({ catalog }) => Object.keys(catalog.prices).join(", ") || "inline",
  }),
  automaticTax: Option.exists(config.stripe, ({ catalog }) => catalog.automaticTax),
  currency: config.currency.toUpperCase(),
  signupCredits: config.signupCredits,
  dailyFreeCredits: config.dailyFreeCredits,
  adjustmentApprovalAbove: config.adjustmentApprovalAbove,
})
