import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, Unauthorized } from "#api/auth.ts"
import { withMessage } from "#api/messages.ts"
import { NotFound, TooManyRequests } from "#api/refusals.ts"
import { SamePassword, WrongPassword } from "./account-refusals.ts"
import { Message } from "./api-answers.ts"
import { allErrors, field, NewPassword } from "./api-payloads.ts"

export * from "./account-refusals.ts"

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
  .middleware(Authenticated)
  .addError(Unauthorized)
  .annotate(OpenApi.Description, "A person's own account: password and sessions.") {}
