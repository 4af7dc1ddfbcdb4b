import { Schema } from "effect"

/**
 * Identity's facts. A user's stream is `user-<id>`; their sign-ins are on `user-logins-<id>` so the user
 * stream stays short; each username and e-mail address is claimed on its own stream
 * (`username-<lowercase>`, `user-email-<lowercase>`), appended together with the registration, so two
 * people can never get the same one. An address stays with the account that claimed it after the account
 * moves to another, so its owner can take it back. Passwords and token secrets are never in events.
 */

export class UserRegistered extends Schema.TaggedClass<UserRegistered>()("UserRegistered", {
  userId: Schema.String,
  username: Schema.String,
  email: Schema.String,
  name: Schema.String,
}) {}

export class UsernameClaimed extends Schema.TaggedClass<UsernameClaimed>()("UsernameClaimed", {
  userId: Schema.String,
  username: Schema.String,
}) {}

export class EmailClaimed extends Schema.TaggedClass<EmailClaimed>()("EmailClaimed", {
  userId: Schema.String,
  email: Schema.String,
}) {}

export class EmailVerificationRequested extends Schema.TaggedClass<EmailVerificationRequested>()(
  "EmailVerificationRequested",
  { userId: Schema.String, email: Schema.String, expiresAt: Schema.Date },
) {}

export class EmailVerified extends Schema.TaggedClass<EmailVerified>()("EmailVerified", {
  userId: Schema.String,
  email: Schema.String,
}) {}

/** The person asked to move their account to `email`, which becomes theirs once its link is opened. */
export class EmailChangeRequested extends Schema.TaggedClass<EmailChangeRequested>()(
  "EmailChangeRequested",
  { userId: Schema.String, email: Schema.String, expiresAt: Schema.Date },
) {}

/**
 * The account's address moved: `confirmed` from the link mailed to the new one, `undone` from the
 * notice mailed to the old one, which can take it back for a week.
 */
export class EmailChanged extends Schema.TaggedClass<EmailChanged>()("EmailChanged", {
  userId: Schema.String,
  from: Schema.String,
  to: Schema.String,
  reason: Schema.Literal("confirmed", "undone"),
}) {}

/**
 * Signing in now asks for a second step after the password: a code from an authenticator app (RFC 6238),
 * or one of ten recovery codes. The secret and the codes live in identity's own tables, never in events.
 */
export class TwoStepTurnedOn extends Schema.TaggedClass<TwoStepTurnedOn>()("TwoStepTurnedOn", {
  userId: Schema.String,
  method: Schema.Literal("code"),
}) {}

export class TwoStepTurnedOff extends Schema.TaggedClass<TwoStepTurnedOff>()("TwoStepTurnedOff", {
  userId: Schema.String,
  method: Schema.Literal("code"),
}) {}

/** A recovery code took the place of the app's code at a sign-in; `left` are still unused. */
export class RecoveryCodeUsed extends Schema.TaggedClass<RecoveryCodeUsed>()("RecoveryCodeUsed", {
  userId: Schema.String,
  left: Schema.Int,
}) {}

/**
 * A passkey (WebAuthn) that signs the person in on its own, or serves as the second step after the
 * password. `passkeyId` is the credential's id; its public key and counter live in identity's own table.
 */
export class PasskeyAdded extends Schema.TaggedClass<PasskeyAdded>()("PasskeyAdded", {
  userId: Schema.String,
  passkeyId: Schema.String,
  label: Schema.String,
}) {}

export class PasskeyRemoved extends Schema.TaggedClass<PasskeyRemoved>()("PasskeyRemoved", {
  userId: Schema.String,
  passkeyId: Schema.String,
}) {}

export class PasswordResetRequested extends Schema.TaggedClass<PasswordResetRequested>()(
  "PasswordResetRequested",
  {
    userId: Schema.String,
    expiresAt: Schema.Date,
  },
) {}

/** A new password: set from a mailed reset link, or changed by its owner, who gave the current one. */
export class PasswordChanged extends Schema.TaggedClass<PasswordChanged>()("PasswordChanged", {
  userId: Schema.String,
  reason: Schema.Literal("reset", "changed"),
}) {}

/**
 * The administrator role. A grant by configuration is caused by its owner verifying the ADMIN_EMAIL
 * address (`verifiedEmail`); one recorded without it, for an address not verified yet, gives no rights.
 */
export class AdminGranted extends Schema.TaggedClass<AdminGranted>()("AdminGranted", {
  userId: Schema.String,
  grantedBy: Schema.Literal("configuration", "command line", "administrator"),
  verifiedEmail: Schema.optionalWith(Schema.String, { exact: true }),
}) {}

export class UserLoggedIn extends Schema.TaggedClass<UserLoggedIn>()("UserLoggedIn", {
  userId: Schema.String,
}) {}

export class UserLoggedOut extends Schema.TaggedClass<UserLoggedOut>()("UserLoggedOut", {
  userId: Schema.String,
}) {}

/** Everything on a `user-<id>` stream. */
export const UserEvent = Schema.Union(
  UserRegistered,
  EmailVerificationRequested,
  EmailVerified,
  EmailChangeRequested,
  EmailChanged,
  PasswordResetRequested,
  PasswordChanged,
  AdminGranted,
  TwoStepTurnedOn,
  TwoStepTurnedOff,
  RecoveryCodeUsed,
  PasskeyAdded,
  PasskeyRemoved,
)
export type UserEvent = typeof UserEvent.Type

export const IdentityEvent = Schema.Union(
  UserEvent,
  UsernameClaimed,
  EmailClaimed,
  UserLoggedIn,
  UserLoggedOut,
)
export type IdentityEvent = typeof IdentityEvent.Type

export const identityStreams = {
  user: (userId: string) => `user-${userId}`,
  logins: (userId: string) => `user-logins-${userId}`,
  username: (username: string) => `username-${username.toLowerCase()}`,
  email: (email: string) => `user-email-${email.toLowerCase()}`,
}
