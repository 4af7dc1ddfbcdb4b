import { Effect, Option } from "effect"
import { AppUrl } from "#toolkit/app-url.ts"
import { IdentityConfig } from "./config.ts"

/** Who passkeys are made for: WebAuthn's relying party, named by the host of PASSKEY_ORIGIN or APP_URL. */
export const relyingParty = Effect.gen(function* () {
  const config = yield* IdentityConfig
  const appUrl = yield* AppUrl
  const origin = Option.getOrElse(config.passkeyOrigin, () => new URL(appUrl).origin)
  return { name: "Melody Studio", id: new URL(origin).hostname, origin }
})
