import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser, CurrentViewer, notSignedIn } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { NotFound } from "#api/refusals.ts"
import { currentClient } from "#toolkit/client.ts"
import { IdentityApi, MailboxMessage, Message, SessionView, SignedIn } from "./api.ts"
import { Identity } from "./identity.ts"
import { makeSessionCookie, requestSession } from "./session-cookie.ts"
import { toView } from "./users.ts"

const Api = moduleApi(IdentityApi)

const noMailbox = new NotFound({
  message: "There is no development mailbox: mail is sent by SMTP.",
})

export const IdentityHttpLive = HttpApiBuilder.group(Api, "identity", (handlers) =>
  Effect.gen(function* () {
    const identity = yield* Identity
    const cookie = yield* makeSessionCookie

    return handlers
      .handle("register", ({ payload }) =>
        Effect.gen(function* () {
          const { user, session } = yield* identity.register(payload, yield* currentClient)
          yield* cookie.set(session.id, session.expires)
          return new SignedIn({ user, message: "Account created successfully. Welcome!" })
        }),
      )
      .handle("login", ({ payload }) =>
        Effect.gen(function* () {
          const previous = yield* requestSession
          const signedIn = yield* identity.login(
            payload.username,
            payload.password,
            yield* currentClient,
            previous,
          )
          yield* cookie.set(signedIn.session.id, signedIn.session.expires)
          return new SignedIn({ user: signedIn.user, message: signedIn.message })
        }),
      )
      .handle("secondStep", ({ payload }) =>
        Effect.gen(function* () {
          const signedIn = yield* identity.account.twoStep.secondStep(
            payload.challenge,
            payload.code,
            yield* currentClient,
            yield* requestSession,
          )
          yield* cookie.set(signedIn.session.id, signedIn.session.expires)
          return new SignedIn({ user: signedIn.user, message: signedIn.message })
        }),
      )
      .handle("logout", () =>
        Effect.gen(function* () {
          yield* identity.logout(yield* requestSession)
          yield* cookie.clear
          return new Message({ message: "You have been logged out." })
        }),
      )
      .handle("currentUser", () =>
        Effect.gen(function* () {
          const user = yield* identity.userById((yield* CurrentUser).userId)
          if (user === undefined) return yield* notSignedIn
          return toView(user)
        }),
      )
      .handle("session", () =>
        Effect.gen(function* () {
          const viewer = yield* CurrentViewer
          const user = viewer && (yield* identity.userById(viewer.userId))
          return new SessionView({ user: user ? toView(user) : null })
        }),
      )
      .handle("resendVerification", ({ payload }) =>
        Effect.gen(function* () {
          yield* identity.resendVerification(
            yield* CurrentViewer,
            payload.email,
            yield* currentClient,
          )
          return new Message({ message: "Verification email sent. Please check your inbox." })
        }),
      )
      .handle("verifyEmail", ({ urlParams }) =>
        Effect.as(
          identity.verifyEmail(urlParams.token),
          new Message({ message: "Your email has been verified!" }),
        ),
      )
      .handle("forgotPassword", ({ payload }) =>
        Effect.gen(function* () {
          yield* identity.requestPasswordReset(payload.email, yield* currentClient)
          return new Message({
            message: "If your email exists in our system, a password reset link has been sent.",
          })
        }),
      )
      .handle("validateResetToken", ({ urlParams }) =>
        Effect.map(identity.isResetTokenValid(urlParams.token), (valid) => ({ valid })),
      )
      .handle("resetPassword", ({ payload }) =>
        Effect.gen(function* () {
          yield* identity.resetPassword(payload.token, payload.password, yield* currentClient)
          return new Message({
            message:
              "Your password has been reset successfully. You can now log in with your new password.",
          })
        }),
      )
      .handle("mailbox", () =>
        identity.mailbox === undefined
          ? Effect.fail(noMailbox)
          : Effect.map(identity.mailbox, (messages) => ({
              messages: messages.map((m) => new MailboxMessage(m)),
            })),
      )
  }),
)
