import { Duration, Effect } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import { Actors } from "#events/contracts/actor.ts"
import type { Client } from "#toolkit/client.ts"
import { fromNow } from "#toolkit/clock.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { InvalidCredentials } from "./api.ts"
import { TwoStepRequired } from "./api-account-refusals.ts"
import { IdentityConfig } from "./config.ts"
import { recordLogin } from "./identity-events.ts"
import { IdentitySessions } from "./identity-sessions.ts"
import { makeStaleHash, passwordMatches } from "./passwords.ts"
import { type Holder, RecentSessions } from "./recent-sessions.ts"
import { secondStepMessage, secondStepsOf } from "./second-steps.ts"
import { makeSuspensionCheck } from "./suspension-standing.ts"
import { makeTokens, newToken } from "./tokens.ts"
import type { Registered } from "./user-decider.ts"
import { toView, Users } from "./users.ts"

/** How long a right password keeps the second step open. */
const challengeTtl = Duration.minutes(5)

const invalidCredentials = new InvalidCredentials({ message: "Invalid username or password" })

/**
 * Signing in and out. A sign-in always starts a new session (the old one, if any, ends), so a session id
 * known before sign-in is worth nothing after it. Failed attempts are limited per address and per account.
 * An account with two-step sign-in answers a right password with a challenge for its second step.
 */
export const makeSignIn = Effect.gen(function* () {
  const config = yield* IdentityConfig
  const limiter = yield* RateLimiter
  const sessions = yield* IdentitySessions
  const users = yield* Users
  const recentSessions = yield* RecentSessions
  const staleHash = yield* makeStaleHash
  const mayEnter = yield* makeSuspensionCheck
  const tokens = yield* makeTokens

  const login = Effect.fn("Identity.login")(function* (
    usernameOrEmail: string,
    password: string,
    client: Client,
    previousSession: string | undefined,
  ) {
    yield* limiter.hit(`login:address:${client.address}`, config.limits.loginPerAddress)
    const account = `login:account:${usernameOrEmail.toLowerCase()}`
    yield* limiter.check(account, config.limits.loginFailuresPerAccount)
    const userId = yield* users.idOf(usernameOrEmail)
    const passwordHash = userId === undefined ? undefined : yield* users.passwordHashOf(userId)
    const matches = yield* passwordMatches(passwordHash ?? staleHash, password)
    const state = matches && userId !== undefined ? yield* users.byId(userId) : undefined
    if (state === undefined) {
      yield* limiter.hit(account, config.limits.loginFailuresPerAccount).pipe(Effect.ignore)
      return yield* invalidCredentials
    }
    yield* mayEnter(state.userId)
    const methods = secondStepsOf(state)
    if (methods.length > 0) {
      const challenge = newToken()
      yield* tokens.issue(state.userId, "two-step", challenge, yield* fromNow(challengeTtl))
      return yield* new TwoStepRequired({
        message: secondStepMessage(methods),
        challenge,
        methods,
      })
    }
    return yield* enter(state, client, previousSession)
  })

  /** Starts a session for a person who proved who they are; the one the browser had ends. */
  const enter = Effect.fn("Identity.enter")(function* (
    state: Registered,
    client: Client,
    previousSession: string | undefined,
  ) {
    if (previousSession !== undefined) {
      yield* sessions.destroy(previousSession)
      yield* recentSessions.forgetSession(previousSession)
    }
    const session = yield* sessions.create(state.userId, client)
    yield* recordLogin({ _tag: "LogIn", userId: state.userId }, Actors.user(state.userId))
    return {
      user: toView(state),
      session,
      message: state.isAdmin ? "Logged in as administrator" : "Successfully logged in",
    }
  })

  const logout = Effect.fn("Identity.logout")(function* (sessionId: string | undefined) {
    if (sessionId === undefined) return
    const session = yield* sessions.find(sessionId)
    yield* sessions.destroy(sessionId)
    yield* recentSessions.forgetSession(sessionId)
    if (session === undefined) return
    yield* recordLogin({ _tag: "LogOut", userId: session.userId }, Actors.user(session.userId))
  })

  /** Who holds this session, and whether its cookie must be sent again (it slid forward). */
  const authenticate = (sessionId: string) =>
    recentSessions.lookup(sessionId, readHolder(sessionId))

  const readHolder = (sessionId: string) =>
    Effect.gen(function* (): Effect.fn.Return<Holder | undefined> {
      const session = yield* sessions.find(sessionId)
      if (session === undefined) return undefined
      const state = yield* users.byId(session.userId)
      if (state === undefined) return undefined
      const user: SignedInUser = {
        userId: state.userId,
        username: state.username,
        email: state.email,
        name: state.name,
        isAdmin: state.isAdmin,
        emailVerified: state.emailVerified,
      }
      return { user, session }
    })

  return { login, enter, logout, authenticate }
})
