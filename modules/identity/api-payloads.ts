import { Schema } from "effect"
import { withMessage } from "#api/messages.ts"

// Fields, with the spec's messages (section 5). Texts are trimmed before they are checked.

const trimmed = (max: number, tooLong: string) =>
  Schema.Trim.pipe(Schema.compose(withMessage(Schema.String.pipe(Schema.maxLength(max)), tooLong)))

const required = (field: Schema.Schema<string, string>, message: string) =>
  field.pipe(Schema.filter((s) => s.length > 0 || message))

export const Username = required(
  trimmed(255, "Username must be at most 255 characters"),
  "Username is required",
).pipe(
  Schema.filter((s) => s.length >= 3 || "Username must be at least 3 characters"),
  Schema.filter(
    (s) =>
      /^[\p{L}\p{N}._-]+$/u.test(s) ||
      "Username may only contain letters, numbers, dots, hyphens and underscores",
  ),
)

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const EmailAddress = (invalid: string) =>
  Schema.Trim.pipe(
    Schema.compose(Schema.Lowercase),
    Schema.compose(
      withMessage(Schema.String.pipe(Schema.maxLength(255), Schema.pattern(emailPattern)), invalid),
    ),
  )

export const NewPassword = withMessage(
  Schema.String,
  "Password must be at least 6 characters",
).pipe(
  Schema.filter((s) => s.length >= 6 || "Password must be at least 6 characters"),
  Schema.filter((s) => s.length <= 128 || "Password must be at most 128 characters"),
)

export const FullName = required(
  trimmed(255, "Name must be at most 255 characters"),
  "Full name is required",
).pipe(Schema.filter((s) => s.length >= 2 || "Name must be at least 2 characters"))

/** A field that says `message` when it is absent, too. */
export const field = <A, I>(schema: Schema.Schema<A, I>, message: string) =>
  Schema.propertySignature(schema).annotations({ missingMessage: () => message })

/** Every problem of a payload is reported, not only the first. */
export const allErrors = { parseOptions: { errors: "all" } } as const

const termsMessage = "You must accept the Terms of Service and Privacy Policy to register"

export const RegisterPayload = Schema.Struct({
  username: field(Username, "Username is required"),
  email: field(EmailAddress("Invalid email address"), "Invalid email address"),
  password: field(NewPassword, "Password must be at least 6 characters"),
  name: field(FullName, "Full name is required"),
  /** Accepting the terms also confirms the person is 18 or older, as the terms require. */
  acceptTerms: field(withMessage(Schema.Literal(true), termsMessage), termsMessage),
}).annotations(allErrors)
export type RegisterPayload = typeof RegisterPayload.Type

const requiredCredentials = "Username and password are required"

const credential = (schema: Schema.Schema<string, string>) =>
  field(
    withMessage(schema, requiredCredentials).pipe(
      Schema.filter((s) => s.length > 0 || requiredCredentials),
    ),
    requiredCredentials,
  )

export const LoginPayload = Schema.Struct({
  /** A username or an e-mail address. */
  username: credential(trimmed(255, "Username must be at most 255 characters")),
  // Bounded before it is hashed: no account has a longer one (see NewPassword).
  password: credential(
    withMessage(
      Schema.String.pipe(Schema.maxLength(128)),
      "Password must be at most 128 characters",
    ),
  ),
}).annotations(allErrors)

const invalidEmail = "Please enter a valid email address"

export const EmailPayload = Schema.Struct({
  email: field(EmailAddress(invalidEmail), invalidEmail),
})

export const tokenMissing = "Verification token is missing."
/** Tokens are 43 characters; a longer one is no token of ours. */
const tokenTooLong = "This link is not valid."
export const Token = withMessage(Schema.String, tokenMissing).pipe(
  Schema.filter((s) => s.length > 0 || tokenMissing),
  Schema.filter((s) => s.length <= 200 || tokenTooLong),
)

const resetTokenMissing = "The reset token is missing."

export const ResetPasswordPayload = Schema.Struct({
  token: field(
    withMessage(Schema.String, resetTokenMissing).pipe(
      Schema.filter((s) => s.length > 0 || resetTokenMissing),
      Schema.filter((s) => s.length <= 200 || tokenTooLong),
    ),
    resetTokenMissing,
  ),
  password: field(NewPassword, "Password must be at least 6 characters"),
}).annotations(allErrors)

/** Signed out, the address to send a new link to; signed in, nothing (the account's own). */
export const ResendVerificationPayload = Schema.Struct({
  email: Schema.optional(EmailAddress(invalidEmail)),
})

export const VerifyEmailParams = Schema.Struct({ token: field(Token, tokenMissing) })

const codeMissing = "Please enter the code."

/** A code from an authenticator app, or a recovery code, as typed. */
export const TypedCode = field(
  withMessage(Schema.String, codeMissing).pipe(
    Schema.filter((s) => s.trim().length > 0 || codeMissing),
    Schema.filter((s) => s.length <= 40 || "That code is not right."),
  ),
  codeMissing,
)

const challengeMissing = "Your sign-in has expired. Please enter your password again."

/** The second step of a sign-in: the challenge the password answered with, and a code as typed. */
export const SecondStepPayload = Schema.Struct({
  challenge: field(
    withMessage(Schema.String, challengeMissing).pipe(
      Schema.filter((s) => (s.length > 0 && s.length <= 200) || challengeMissing),
    ),
    challengeMissing,
  ),
  code: TypedCode,
}).annotations(allErrors)
