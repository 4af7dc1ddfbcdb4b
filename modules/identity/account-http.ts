import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { NotFound } from "#api/refusals.ts"
import { AccountApi, AccountSession, EmailLinksApi } from "./api-account.ts"
import { Message } from "./api-answers.ts"
import { Identity } from "./identity.ts"
import { requestSession } from "./session-cookie.ts"

const Api = moduleApi(AccountApi)
const LinksApi = moduleApi(EmailLinksApi)

const noSuchSession = new NotFound({ message: "There is no such session." })

const ended = (count: number) =>
  count === 0
    ? "No other session was signed in."
    : `Signed out of ${count} other ${count === 1 ? "session" : "sessions"}.`

export const AccountHttpLive = HttpApiBuilder.group(Api, "account", (handlers) =>
  Effect.gen(function* () {
    const { account } = yield* Identity
    return handlers
      .handle("sessions", () =>
        Effect.gen(function* () {
          const listed = yield* account.sessionsOf(
            (yield* CurrentUser).userId,
            yield* requestSession,
          )
          return { sessions: listed.map((session) => new AccountSession(session)) }
        }),
      )
      .handle("endSession", ({ path }) =>
        Effect.gen(function* () {
          const found = yield* account.endSession((yield* CurrentUser).userId, path.key)
          if (!found) return yield* noSuchSession
          return new Message({ message: "The session was signed out." })
        }),
      )
      .handle("endOtherSessions", () =>
        Effect.gen(function* () {
          const count = yield* account.endOtherSessions(
            (yield* CurrentUser).userId,
            yield* requestSession,
          )
          return { message: ended(count), ended: count }
        }),
      )
      .handle("changePassword", ({ payload }) =>
        Effect.gen(function* () {
          const count = yield* account.changePassword(
            (yield* CurrentUser).userId,
            yield* requestSession,
            { current: payload.currentPassword, next: payload.newPassword },
          )
          return new Message({
            message: `Your password has been changed. ${count === 0 ? "" : ended(count)}`.trim(),
          })
        }),
      )
      .handle("twoStep", () =>
        Effect.flatMap(CurrentUser, (user) => account.twoStep.status(user.userId)),
      )
      .handle("beginTwoStep", () =>
        Effect.flatMap(CurrentUser, (user) => account.twoStep.begin(user.userId)),
      )
      .handle("turnOnTwoStep", ({ payload }) =>
        Effect.gen(function* () {
          const recoveryCodes = yield* account.twoStep.turnOn(
            (yield* CurrentUser).userId,
            payload.code,
            yield* requestSession,
          )
          return { recoveryCodes }
        }),
      )
      .handle("turnOffTwoStep", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) =>
          Effect.as(
            account.twoStep.turnOff(user.userId, payload.currentPassword),
            new Message({ message: "Two-step sign-in is off." }),
          ),
        ),
      )
      .handle("changeEmail", ({ payload }) =>
        Effect.gen(function* () {
          yield* account.emailChange.request((yield* CurrentUser).userId, payload)
          return new Message({
            message: `We sent a link to ${payload.email}. Your email changes when you open it.`,
          })
        }),
      )
  }),
)

export const EmailLinksHttpLive = HttpApiBuilder.group(LinksApi, "emailLinks", (handlers) =>
  Effect.gen(function* () {
    const { account } = yield* Identity
    return handlers
      .handle("confirmEmail", ({ payload }) =>
        Effect.map(account.emailChange.confirm(payload.token), (email) => ({
          message: `Your email is now ${email}.`,
          email,
        })),
      )
      .handle("undoEmailChange", ({ payload }) =>
        Effect.map(account.emailChange.undo(payload.token), (email) => ({
          message: `Your email is ${email} again, and every session was signed out. If someone else changed it, reset your password now.`,
          email,
        })),
      )
  }),
)
