import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, Unauthorized, Viewer } from "#api/auth.ts"
import { NotFound, TooManyRequests } from "#api/refusals.ts"
import { TwoStepRequired, WrongCode } from "./api-account-refusals.ts"
import { MailboxMessage, Message, SessionView, SignedIn, UserView } from "./api-answers.ts"
import {
  EmailPayload,
  LoginPayload,
  RegisterPayload,
  ResendVerificationPayload,
  ResetPasswordPayload,
  SecondStepPayload,
  VerifyEmailParams,
} from "./api-payloads.ts"
import {
  AccountSuspended,
  AlreadyVerified,
  EmailTaken,
  InvalidCredentials,
  InvalidToken,
  UsernameTaken,
} from "./api-refusals.ts"

export * from "./api-answers.ts"
export * from "./api-payloads.ts"
export * from "./api-refusals.ts"

export class IdentityApi extends HttpApiGroup.make("identity")
  .add(
    HttpApiEndpoint.post("register", "/register")
      .setPayload(RegisterPayload)
      .addSuccess(SignedIn, { status: 201 })
      .addError(UsernameTaken)
      .addError(EmailTaken)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("login", "/login")
      .setPayload(LoginPayload)
      .addSuccess(SignedIn)
      .addError(InvalidCredentials)
      .addError(AccountSuspended)
      .addError(TwoStepRequired)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("secondStep", "/login/two-step")
      .setPayload(SecondStepPayload)
      .addSuccess(SignedIn)
      .addError(WrongCode)
      .addError(InvalidToken)
      .addError(AccountSuspended)
      .addError(TooManyRequests),
  )
  .add(HttpApiEndpoint.post("logout", "/logout").addSuccess(Message).middleware(Viewer))
  .add(HttpApiEndpoint.get("currentUser", "/user").addSuccess(UserView).middleware(Authenticated))
  .add(HttpApiEndpoint.get("session", "/session").addSuccess(SessionView).middleware(Viewer))
  .add(
    HttpApiEndpoint.post("resendVerification", "/resend-verification")
      .setPayload(ResendVerificationPayload)
      .addSuccess(Message)
      .addError(AlreadyVerified)
      .addError(TooManyRequests)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("verifyEmail", "/verify-email")
      .setUrlParams(VerifyEmailParams)
      .addSuccess(Message)
      .addError(InvalidToken),
  )
  .add(
    HttpApiEndpoint.post("forgotPassword", "/forgot-password")
      .setPayload(EmailPayload)
      .addSuccess(Message)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.get("validateResetToken", "/validate-reset-token")
      .setUrlParams(Schema.Struct({ token: Schema.String.pipe(Schema.maxLength(200)) }))
      .addSuccess(Schema.Struct({ valid: Schema.Boolean })),
  )
  .add(
    HttpApiEndpoint.post("resetPassword", "/reset-password")
      .setPayload(ResetPasswordPayload)
      .addSuccess(Message)
      .addError(InvalidToken)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.get("mailbox", "/dev/mailbox")
      .addSuccess(Schema.Struct({ messages: Schema.Array(MailboxMessage) }))
      .addError(NotFound),
  )
  .addError(Unauthorized) {}
