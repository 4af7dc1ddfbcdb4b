import { Config, Context, Duration, Layer, type Option, type Redacted } from "effect"
import type { Limit } from "#toolkit/rate-limit.ts"

/** Identity's settings, with offline defaults. */
export interface IdentityConfigShape {
  /** SMTP server as a URL (smtp://user:pass@host:587, smtps://...); unset: mails go to the dev mailbox. */
  readonly smtpUrl: Option.Option<Redacted.Redacted>
  readonly mailFrom: string
  readonly sessionTtl: Duration.Duration
  readonly verificationTokenTtl: Duration.Duration
  readonly resetTokenTtl: Duration.Duration
  /** The account with this address becomes an administrator when it registers (or at start if it exists). */
  readonly adminEmail: Option.Option<string>
  /**
   * Where passkeys are made and used (APP_URL's origin unless set): its host name is their relying
   * party, which WebAuthn wants to be a domain name, never an IP address.
   */
  readonly passkeyOrigin: Option.Option<string>
  /** Administrators get their rights only with two-step sign-in on. */
  readonly adminRequireTwoStep: boolean
  readonly limits: {
    readonly loginPerAddress: Limit
    readonly loginFailuresPerAccount: Limit
    readonly registerPerAddress: Limit
    readonly mailsPerAddress: Limit
    readonly mailsPerAccount: Limit
  }
}

export class IdentityConfig extends Context.Tag("@melody/identity/IdentityConfig")<
  IdentityConfig,
  IdentityConfigShape
>() {}

const limit = (name: string, max: number, per: Duration.DurationInput) =>
  Config.map(Config.integer(name).pipe(Config.withDefault(max)), (n): Limit => ({ max: n, per }))

export const identityConfig = Config.all({
  smtpUrl: Config.option(Config.redacted("SMTP_URL")),
  mailFrom: Config.string("MAIL_FROM").pipe(
    Config.withDefault("Melody Studio <no-reply@melody.studio>"),
  ),
  sessionTtl: Config.duration("SESSION_TTL").pipe(Config.withDefault(Duration.days(14))),
  verificationTokenTtl: Config.duration("VERIFICATION_TOKEN_TTL").pipe(
    Config.withDefault(Duration.hours(24)),
  ),
  resetTokenTtl: Config.duration("RESET_TOKEN_TTL").pipe(Config.withDefault(Duration.hours(1))),
  adminEmail: Config.option(
    Config.map(Config.string("ADMIN_EMAIL"), (e) => e.trim().toLowerCase()),
  ),
  passkeyOrigin: Config.option(Config.url("PASSKEY_ORIGIN").pipe(Config.map((url) => url.origin))),
  adminRequireTwoStep: Config.boolean("ADMIN_REQUIRE_TWO_STEP").pipe(Config.withDefault(false)),
  limits: Config.all({
    loginPerAddress: limit("LOGIN_ATTEMPTS_PER_ADDRESS", 30, "10 minutes"),
    loginFailuresPerAccount: limit("LOGIN_FAILURES_PER_ACCOUNT", 10, "15 minutes"),
    registerPerAddress: limit("REGISTRATIONS_PER_ADDRESS", 20, "1 hour"),
    mailsPerAddress: limit("MAILS_PER_ADDRESS", 20, "1 hour"),
    mailsPerAccount: limit("MAILS_PER_ACCOUNT", 5, "1 hour"),
  }),
})

export const IdentityConfigLive = Layer.effect(IdentityConfig, identityConfig)
