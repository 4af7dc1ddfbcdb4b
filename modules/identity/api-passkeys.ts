import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, Unauthorized } from "#api/auth.ts"
import { withMessage } from "#api/messages.ts"
import { NotFound, TooManyRequests } from "#api/refusals.ts"
import { CurrentPassword } from "./api-account.ts"
import { WrongPassword } from "./api-account-refusals.ts"
import { Message, SignedIn } from "./api-answers.ts"
import { allErrors, field } from "./api-payloads.ts"
import { AccountSuspended } from "./api-refusals.ts"

/** A passkey answer that could not be checked, was for another request, or came twice. */
export class PasskeyRefused extends Schema.TaggedError<PasskeyRefused>()(
  "PasskeyRefused",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** The passkey is on this account already. */
export class PasskeyConflict extends Schema.TaggedError<PasskeyConflict>()(
  "PasskeyConflict",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

const unreadable = "That passkey answer could not be read. Please try again."

const Base64Url = withMessage(
  Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{1,16384}$/)),
  unreadable,
)

/**
 * What the browser's WebAuthn call answered (`PublicKeyCredential.toJSON()`), as the server checks it:
 * a registration carries an attestation object, a sign-in an authenticator's signature.
 */
export const PasskeyCredential = withMessage(
  Schema.Struct({
    id: Base64Url,
    rawId: Base64Url,
    type: Schema.Literal("public-key"),
    response: Schema.Struct({
      clientDataJSON: Base64Url,
      attestationObject: Schema.optional(Base64Url),
      authenticatorData: Schema.optional(Base64Url),
      signature: Schema.optional(Base64Url),
      userHandle: Schema.optional(Base64Url),
      transports: Schema.optional(Schema.Array(Schema.String.pipe(Schema.maxLength(20)))),
    }),
    authenticatorAttachment: Schema.optional(Schema.Literal("platform", "cross-platform")),
    clientExtensionResults: Schema.Struct({}),
  }),
  unreadable,
)
export type PasskeyCredential = typeof PasskeyCredential.Type

const ceremonyMissing = "This passkey request has expired. Please try again."
const Ceremony = field(
  withMessage(Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{1,64}$/)), ceremonyMissing),
  ceremonyMissing,
)

const labelMissing = "Please name this passkey."
const Label = field(
  withMessage(Schema.String, labelMissing).pipe(
    Schema.filter((s) => s.trim().length > 0 || labelMissing),
    Schema.filter((s) => s.length <= 60 || "A passkey's name is at most 60 characters."),
  ),
  labelMissing,
)

/** What the browser is to sign: WebAuthn's options as JSON, and the ceremony its answer names. */
export const PasskeyOptions = Schema.Struct({
  ceremony: Schema.String,
  options: Schema.Unknown,
})

export const AddPasskeyPayload = Schema.Struct({
  ceremony: Ceremony,
  label: Label,
  credential: field(PasskeyCredential, unreadable),
}).annotations(allErrors)

export const PasskeySignInPayload = Schema.Struct({
  ceremony: Ceremony,
  credential: field(PasskeyCredential, unreadable),
}).annotations(allErrors)

export const RemovePasskeyPayload = Schema.Struct({
  currentPassword: CurrentPassword,
}).annotations(allErrors)

export class PasskeyView extends Schema.Class<PasskeyView>("PasskeyView")({
  id: Schema.String,
  label: Schema.String,
  createdAt: Schema.Date,
  lastUsedAt: Schema.NullOr(Schema.Date),
}) {}

const PasskeyId = withMessage(Base64Url, "There is no such passkey.")

/** A person's passkeys: listed, added from a browser's WebAuthn answer, removed with the password. */
export class PasskeysApi extends HttpApiGroup.make("passkeys")
  .add(
    HttpApiEndpoint.get("list", "/account/passkeys").addSuccess(
      Schema.Struct({ passkeys: Schema.Array(PasskeyView) }),
    ),
  )
  .add(HttpApiEndpoint.post("addOptions", "/account/passkeys/options").addSuccess(PasskeyOptions))
  .add(
    HttpApiEndpoint.post("add", "/account/passkeys")
      .setPayload(AddPasskeyPayload)
      .addSuccess(Schema.Struct({ message: Schema.String, passkey: PasskeyView }))
      .addError(PasskeyRefused)
      .addError(PasskeyConflict),
  )
  .add(
    HttpApiEndpoint.post("remove", "/account/passkeys/:id/remove")
      .setPath(Schema.Struct({ id: PasskeyId }))
      .setPayload(RemovePasskeyPayload)
      .addSuccess(Message)
      .addError(WrongPassword)
      .addError(NotFound)
      .addError(TooManyRequests),
  )
  .middleware(Authenticated)
  .addError(Unauthorized)
  .annotate(OpenApi.Description, "A person's passkeys (WebAuthn).") {}

/** Signing in with a passkey alone: it proves both who the person is and that they are there. */
export class PasskeySignInApi extends HttpApiGroup.make("passkeySignIn")
  .add(HttpApiEndpoint.post("signInOptions", "/login/passkey/options").addSuccess(PasskeyOptions))
  .add(
    HttpApiEndpoint.post("signIn", "/login/passkey")
      .setPayload(PasskeySignInPayload)
      .addSuccess(SignedIn)
      .addError(PasskeyRefused)
      .addError(AccountSuspended)
      .addError(TooManyRequests),
  )
  .annotate(OpenApi.Description, "Signing in with a passkey.") {}
