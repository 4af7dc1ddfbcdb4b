import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from "@simplewebauthn/server"
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server"
import { Effect } from "effect"
import { NotFound } from "#api/refusals.ts"
import { Actors } from "#events/contracts/actor.ts"
import { EventStore } from "#events/store/index.ts"
import type { Client } from "#toolkit/client.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { PasskeyConflict, type PasskeyCredential, PasskeyRefused } from "./api-passkeys.ts"
import { IdentityConfig } from "./config.ts"
import { decideUser, recordLogin } from "./identity-events.ts"
import { IdentitySessions } from "./identity-sessions.ts"
import { makePasskeyStore, type StoredPasskey } from "./passkey-store.ts"
import { makePasswordCheck } from "./password-change.ts"
import { RecentSessions } from "./recent-sessions.ts"
import { relyingParty } from "./relying-party.ts"
import { secondStepsOf } from "./second-steps.ts"
import { makeSignIn } from "./sign-in.ts"
import { makeSuspensionCheck } from "./suspension-standing.ts"
import { signedInPerson, Users } from "./users.ts"

const refused = {
  expired: new PasskeyRefused({ message: "This passkey request has expired. Please try again." }),
  unchecked: new PasskeyRefused({
    message: "That passkey could not be checked. Please try again.",
  }),
  unknown: new PasskeyRefused({
    message: "This passkey is not known here. Sign in with your password instead.",
  }),
  replayed: new PasskeyRefused({
    message: "That passkey answer was used already. Please try again.",
  }),
}
const known = new PasskeyConflict({ message: "This passkey is on your account already." })
const noSuchPasskey = new NotFound({ message: "There is no such passkey." })

const listed = ({ id, label, createdAt, lastUsedAt }: StoredPasskey) => ({
  id,
  label,
  createdAt,
  lastUsedAt,
})

/**
 * Passkeys (WebAuthn): added from a signed-in browser, removed with the password, and signing in on their
 * own: a passkey proves the device and, with its user verification, the person at it. Their public keys
 * and counters live in identity's table; events record that one was added or removed.
 */
export const makePasskeys = Effect.gen(function* () {
  const store = yield* EventStore
  const config = yield* IdentityConfig
  const limiter = yield* RateLimiter
  const users = yield* Users
  const sessions = yield* IdentitySessions
  const recentSessions = yield* RecentSessions
  const passkeys = yield* makePasskeyStore
  const checkPassword = yield* makePasswordCheck
  const signIn = yield* makeSignIn
  const mayEnter = yield* makeSuspensionCheck
  const party = yield* relyingParty

  const registered = signedInPerson(users)
  /** What every answer must have signed: this ceremony's challenge, on this site, the person verified. */
  const expected = (challenge: string) => ({
    expectedChallenge: challenge,
    expectedOrigin: party.origin,
    expectedRPID: party.id,
    requireUserVerification: true,
  })

  /** A check by the library: any failure it throws is a refusal, never a server error. */
  const verified = <A>(check: () => Promise<A>) =>
    Effect.tryPromise({ try: check, catch: () => refused.unchecked })

  const list = (userId: string) => Effect.map(passkeys.ofUser(userId), (all) => all.map(listed))

  const addOptions = Effect.fn("Identity.passkeyAddOptions")(function* (userId: string) {
    const user = yield* registered(userId)
    const existing = yield* passkeys.ofUser(userId)
    const options = yield* Effect.promise(() =>
      generateRegistrationOptions({
        rpName: party.name,
        rpID: party.id,
        userName: user.username,
        userID: Uint8Array.from(Buffer.from(userId, "utf8")),
        userDisplayName: user.name,
        attestationType: "none",
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.id,
          transports: passkey.transports as Array<AuthenticatorTransportFuture>,
        })),
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      }),
    )
    return { ceremony: yield* passkeys.begin("register", options.challenge, userId), options }
  })

  /**
   * Adds the passkey the browser made for the ceremony. The first way of a second step ends every other
   * session, each opened with the password alone, as turning on codes does.
   */
  const add = Effect.fn("Identity.addPasskey")(function* (
    userId: string,
    request: {
      readonly ceremony: string
      readonly label: string
      readonly credential: PasskeyCredential
    },
    currentSession: string | undefined,
  ) {
    const taken = yield* passkeys.take("register", request.ceremony)
    if (taken === undefined || taken.userId !== userId) return yield* refused.expired
    const result = yield* verified(() =>
      verifyRegistrationResponse({
        response: request.credential as RegistrationResponseJSON,
        ...expected(taken.challenge),
      }),
    )
    if (!result.verified) return yield* refused.unchecked
    const { credential } = result.registrationInfo
    if ((yield* passkeys.byId(credential.id)) !== undefined) return yield* known
    const before = yield* registered(userId)
    const label = request.label.trim()
    const added = yield* store
      .transaction(
        Effect.gen(function* () {
          const kept = yield* passkeys.add({
            id: credential.id,
            userId,
            label,
            publicKey: credential.publicKey,
            counter: credential.counter,
            transports: credential.transports ?? [],
          })
          yield* decideUser(
            userId,
            { _tag: "AddPasskey", passkeyId: credential.id, label },
            Actors.user(userId),
          )
          if (
            secondStepsOf(before).length === 0 &&
            (yield* sessions.destroyAllOf(userId, currentSession)) > 0
          )
            yield* recordLogin({ _tag: "LogOut", userId }, Actors.user(userId))
          return kept
        }),
      )
      .pipe(Effect.orDie)
    yield* recentSessions.forgetUser(userId)
    return listed(added)
  })

  const remove = Effect.fn("Identity.removePasskey")(function* (
    userId: string,
    passkeyId: string,
    password: string,
  ) {
    yield* checkPassword(userId, password)
    if (!(yield* registered(userId)).passkeys.includes(passkeyId)) return yield* noSuchPasskey
    yield* store
      .transaction(
        Effect.zipRight(
          passkeys.remove(userId, passkeyId),
          decideUser(userId, { _tag: "RemovePasskey", passkeyId }, Actors.user(userId)),
        ),
      )
      .pipe(Effect.orDie)
    yield* recentSessions.forgetUser(userId)
  })

  /** Options for a sign-in by any passkey of this site's: the browser offers the person theirs. */
  const signInOptions = Effect.fn("Identity.passkeySignInOptions")(function* () {
    const options = yield* Effect.promise(() =>
      generateAuthenticationOptions({ rpID: party.id, userVerification: "required" }),
    )
    return { ceremony: yield* passkeys.begin("sign-in", options.challenge, null), options }
  })

  const signInWith = Effect.fn("Identity.passkeySignIn")(function* (
    request: { readonly ceremony: string; readonly credential: PasskeyCredential },
    client: Client,
    previousSession: string | undefined,
  ) {
    yield* limiter.hit(`login:address:${client.address}`, config.limits.loginPerAddress)
    const taken = yield* passkeys.take("sign-in", request.ceremony)
    if (taken === undefined) return yield* refused.expired
    const passkey = yield* passkeys.byId(request.credential.id)
    if (passkey === undefined) return yield* refused.unknown
    const result = yield* verified(() =>
      verifyAuthenticationResponse({
        response: request.credential as AuthenticationResponseJSON,
        ...expected(taken.challenge),
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports as Array<AuthenticatorTransportFuture>,
        },
      }),
    )
    if (!result.verified) return yield* refused.unchecked
    if (!(yield* passkeys.used(passkey.id, result.authenticationInfo.newCounter)))
      return yield* refused.replayed
    const user = yield* users.byId(passkey.userId)
    if (user === undefined) return yield* refused.unknown
    yield* mayEnter(user.userId)
    return yield* signIn.enter(user, client, previousSession)
  })

  return { list, addOptions, add, remove, signInOptions, signIn: signInWith }
})

export type PasskeysShape = Effect.Effect.Success<typeof makePasskeys>
