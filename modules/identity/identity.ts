import { Context, Effect, Layer } from "effect"
import { makeAccount } from "./account.ts"
import { makeAdmins } from "./admins.ts"
import { IdentityConfigLive } from "./config.ts"
import { makeEmailVerification } from "./email-verification.ts"
import { IdentitySessions } from "./identity-sessions.ts"
import type { IdentityShape } from "./identity-shape.ts"
import { Mailer, readOutbox } from "./mailer.ts"
import { makePasswordReset } from "./password-reset.ts"
import { RecentSessions } from "./recent-sessions.ts"
import { makeRegistration } from "./registration.ts"
import { relyingParty } from "./relying-party.ts"
import { makeSignIn } from "./sign-in.ts"
import { Users } from "./users.ts"

const make = Effect.gen(function* () {
  const register = yield* makeRegistration
  const signIn = yield* makeSignIn
  const verification = yield* makeEmailVerification
  const reset = yield* makePasswordReset
  const admins = yield* makeAdmins
  const mailer = yield* Mailer
  const users = yield* Users
  const recentSessions = yield* RecentSessions
  const sessions = yield* IdentitySessions
  const account = yield* makeAccount
  return {
    register,
    login: signIn.login,
    logout: signIn.logout,
    authenticate: signIn.authenticate,
    openSessions: sessions.stillOpen,
    knownHolder: (sessionId: string) =>
      Effect.map(recentSessions.known(sessionId), (holder) => holder?.user.userId),
    sessionHolder: (sessionId: string) =>
      Effect.flatMap(recentSessions.known(sessionId), (holder) =>
        holder ? Effect.succeed(holder.user.userId) : sessions.holderOf(sessionId),
      ),
    userById: users.byId,
    resendVerification: verification.resend,
    verifyEmail: verification.verify,
    requestPasswordReset: reset.requestReset,
    isResetTokenValid: reset.isValid,
    resetPassword: reset.reset,
    grantAdmin: admins.grant,
    ensureConfiguredAdmin: admins.ensureConfiguredAdmin,
    mailbox: mailer.usesOutbox ? readOutbox(50) : undefined,
    account,
    passkeyOrigin: (yield* relyingParty).origin,
  } satisfies IdentityShape
})

/** Accounts, sessions and e-mail (see identity-shape.ts for each function's contract). */
export class Identity extends Context.Tag("@melody/identity/Identity")<Identity, IdentityShape>() {}

export const IdentityLive = Layer.effect(Identity, make).pipe(
  Layer.provideMerge(
    Layer.mergeAll(Users.live, IdentitySessions.live, RecentSessions.live, Mailer.live),
  ),
  Layer.provideMerge(IdentityConfigLive),
)
