import { Effect, Layer, Redacted } from "effect"
import {
  AdminOnly,
  Authenticated,
  notFoundForNonAdmins,
  notSignedIn,
  type SignedInUser,
  type Unauthorized,
  Viewer,
} from "#api/auth.ts"
import type { NotFound } from "#api/refusals.ts"
import { Identity } from "./identity.ts"
import { makeSessionCookie, requestSession } from "./session-cookie.ts"

/** Who holds the session cookie; a session that slid forward gets its cookie again. */
const makeResolver = Effect.gen(function* () {
  const identity = yield* Identity
  const cookie = yield* makeSessionCookie
  return (token: Redacted.Redacted) =>
    Effect.gen(function* () {
      const found = yield* identity.authenticate(Redacted.value(token))
      if (found === undefined) return undefined
      if (found.session.renewed) yield* cookie.set(Redacted.value(token), found.session.expires)
      return found.user
    })
})

export const AuthenticatedLive = Layer.effect(
  Authenticated,
  Effect.map(makeResolver, (resolve) =>
    Authenticated.of({
      session: (token) =>
        Effect.flatMap(resolve(token), (user) =>
          user ? Effect.succeed(user) : Effect.fail(notSignedIn),
        ),
    }),
  ),
)

export const ViewerLive = Layer.effect(
  Viewer,
  Effect.map(makeResolver, (resolve) =>
    Viewer.of(
      Effect.flatMap(requestSession, (token) =>
        token === undefined ? Effect.succeed(undefined) : resolve(Redacted.make(token)),
      ),
    ),
  ),
)

export const AdminOnlyLive = Layer.effect(
  AdminOnly,
  Effect.map(makeResolver, (resolve) =>
    AdminOnly.of({
      session: (token) =>
        Effect.flatMap(
          resolve(token),
          (user): Effect.Effect<SignedInUser, Unauthorized | NotFound> => {
            if (user === undefined) return Effect.fail(notSignedIn)
            return user.isAdmin ? Effect.succeed(user) : Effect.fail(notFoundForNonAdmins)
          },
        ),
    }),
  ),
)
