/** Identity: accounts, sessions, e-mail verification, password resets, administrators. */

export { AccountHttpLive, EmailLinksHttpLive } from "./account-http.ts"
export { IdentityApi } from "./api.ts"
export { AccountApi, EmailLinksApi } from "./api-account.ts"
export { AdminOnlyLive, AuthenticatedLive, ViewerLive } from "./authentication.ts"
export { identityConfig } from "./config.ts"
export { sendVerification } from "./email-verification.ts"
export { IdentityHttpLive } from "./http.ts"
export { Identity, IdentityLive } from "./identity.ts"
export { purgeExpiredSessions } from "./identity-sessions.ts"
export { deliverMail } from "./mail-delivery.ts"
export { identityMigrations } from "./migrations.ts"
export { PasskeysHttpLive } from "./passkeys-http.ts"
export { sendPasswordReset } from "./password-reset.ts"
export { makePersonMailer, PersonMailLive, type PersonMessage } from "./person-mail.ts"
export { endSuspendedSessions } from "./suspension-standing.ts"

import { endSuspendedSessions } from "./suspension-standing.ts"

/** Identity's reactions to other modules' events. */
export const identityReactions = [endSuspendedSessions] as const

import { sendVerification } from "./email-verification.ts"
import { purgeExpiredSessions } from "./identity-sessions.ts"
import { deliverMail } from "./mail-delivery.ts"
import { sendPasswordReset } from "./password-reset.ts"

/** Every background job identity runs. */
export const identityJobs = [
  deliverMail,
  sendVerification,
  sendPasswordReset,
  purgeExpiredSessions,
] as const
