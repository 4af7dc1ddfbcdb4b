import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, Unauthorized } from "#api/auth.ts"
import { withMessage } from "#api/messages.ts"
import { NotFound, TooManyRequests } from "#api/refusals.ts"
import {
  SameEmail,
  SamePassword,
  TwoStepConflict,
  WrongCode,
  WrongPassword,
} from "./api-account-refusals.ts"
import { Message } from "./api-answers.ts"
import {
  allErrors,
  EmailAddress,
  field,
  NewPassword,
  Token,
  TypedCode,
  tokenMissing,
} from "./api-payloads.ts"
import { EmailTaken, InvalidToken } from "./api-refusals.ts"

export * from "./api-account-refusals.ts"

const currentMissing = "Please enter your current password."

/** The current password, as typed: checked, never stored. Bounded as every password is. */
export const CurrentPassword = field(
  withMessage(Schema.String, currentMissing).pipe(
    Schema.filter((s) => s.length > 0 || currentMissing),
    Schema.filter((s) => s.length <= 128 || "Your current password is incorrect."),
  ),
  currentMissing,
)

export const ChangePasswordPayload = Schema.Struct({
  currentPassword: CurrentPassword,
  newPassword: field(NewPassword, "Password must be at least 6 characters"),
}).annotations(allErrors)

const invalidEmail = "Please enter a valid email address"

export const ChangeEmailPayload = Schema.Struct({
  email: field(EmailAddress(invalidEmail), invalidEmail),
  currentPassword: CurrentPassword,
}).annotations(allErrors)

export const TwoStepCodePayload = Schema.Struct({ code: TypedCode }).annotations(allErrors)

export const TwoStepOffPayload = Schema.Struct({ currentPassword: CurrentPassword }).annotations(
  allErrors,
)

export const EmailLinkPayload = Schema.Struct({ token: field(Token, tokenMissing) })

/** One of a person's open sessions, as their settings list it. */
export class AccountSession extends Schema.Class<AccountSession>("AccountSession")({
  /** Names the session for ending it; nothing that could sign anyone in. */
  key: Schema.String,
  /** "Firefox on Windows". */
  device: Schema.String,
  /** This computer, a local network, or the public address it signed in from. */
  place: Schema.String,
  signedInAt: Schema.Date,
  lastSeenAt: Schema.Date,
  /** The session this request came with. */
  current: Schema.Boolean,
}) {}

const SessionKey = withMessage(
  Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{1,64}$/)),
  "There is no such session.",
)

/** A person's own account: their password and their sessions. Only they may call these. */
export class AccountApi extends HttpApiGroup.make("account")
  .add(
    HttpApiEndpoint.get("sessions", "/account/sessions").addSuccess(
      Schema.Struct({ sessions: Schema.Array(AccountSession) }),
    ),
  )
  .add(
    HttpApiEndpoint.del("endSession", "/account/sessions/:key")
      .setPath(Schema.Struct({ key: SessionKey }))
      .addSuccess(Message)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("endOtherSessions", "/account/sessions/end-others").addSuccess(
      Schema.Struct({ message: Schema.String, ended: Schema.Int }),
    ),
  )
  .add(
    HttpApiEndpoint.post("changePassword", "/account/password")
      .setPayload(ChangePasswordPayload)
      .addSuccess(Message)
      .addError(WrongPassword)
      .addError(SamePassword)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("changeEmail", "/account/email")
      .setPayload(ChangeEmailPayload)
      .addSuccess(Message)
      .addError(WrongPassword)
      .addError(SameEmail)
      .addError(EmailTaken)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.get("twoStep", "/account/two-step").addSuccess(
      Schema.Struct({
        on: Schema.Boolean,
        recoveryCodesLeft: Schema.Int,
        /** An administrator whose rights wait for two-step sign-in (ADMIN_REQUIRE_TWO_STEP). */
        adminNeedsTwoStep: Schema.Boolean,
      }),
    ),
  )
  .add(
    HttpApiEndpoint.post("beginTwoStep", "/account/two-step/begin")
      .addSuccess(Schema.Struct({ secret: Schema.String, uri: Schema.String }))
      .addError(TwoStepConflict),
  )
  .add(
    HttpApiEndpoint.post("turnOnTwoStep", "/account/two-step/on")
      .setPayload(TwoStepCodePayload)
      .addSuccess(Schema.Struct({ recoveryCodes: Schema.Array(Schema.String) }))
      .addError(WrongCode)
      .addError(TwoStepConflict)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("turnOffTwoStep", "/account/two-step/off")
      .setPayload(TwoStepOffPayload)
      .addSuccess(Message)
      .addError(WrongPassword)
      .addError(TwoStepConflict)
      .addError(TooManyRequests),
  )
  .middleware(Authenticated)
  .addError(Unauthorized)
  .annotate(
    OpenApi.Description,
    "A person's own account: password, address, two-step sign-in and sessions.",
  ) {}

/**
 * The links a change of address mails: to the new address, which makes the change, and to the old one,
 * which takes it back. The link is the authority: they work from a browser without a session.
 */
export class EmailLinksApi extends HttpApiGroup.make("emailLinks")
  .add(
    HttpApiEndpoint.post("confirmEmail", "/account/email/confirm")
      .setPayload(EmailLinkPayload)
      .addSuccess(Schema.Struct({ message: Schema.String, email: Schema.String }))
      .addError(InvalidToken)
      .addError(EmailTaken),
  )
  .add(
    HttpApiEndpoint.post("undoEmailChange", "/account/email/undo")
      .setPayload(EmailLinkPayload)
      .addSuccess(Schema.Struct({ message: Schema.String, email: Schema.String }))
      .addError(InvalidToken),
  )
  .annotate(OpenApi.Description, "The links mailed by a change of address.") {}
