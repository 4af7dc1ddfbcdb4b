import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { currentClient } from "#toolkit/client.ts"
import { Message, SignedIn } from "./api-answers.ts"
import { PasskeySignInApi, PasskeysApi, PasskeyView } from "./api-passkeys.ts"
import { Identity } from "./identity.ts"
import { makeSessionCookie, requestSession } from "./session-cookie.ts"

const Api = moduleApi(PasskeysApi)
const SignInApi = moduleApi(PasskeySignInApi)

const PasskeysGroupLive = HttpApiBuilder.group(Api, "passkeys", (handlers) =>
  Effect.gen(function* () {
    const { passkeys } = (yield* Identity).account
    return handlers
      .handle("list", () =>
        Effect.gen(function* () {
          const listed = yield* passkeys.list((yield* CurrentUser).userId)
          return { passkeys: listed.map((passkey) => new PasskeyView(passkey)) }
        }),
      )
      .handle("addOptions", () =>
        Effect.flatMap(CurrentUser, (user) => passkeys.addOptions(user.userId)),
      )
      .handle("add", ({ payload }) =>
        Effect.gen(function* () {
          const added = yield* passkeys.add(
            (yield* CurrentUser).userId,
            payload,
            yield* requestSession,
          )
          return { message: `Passkey "${added.label}" added.`, passkey: new PasskeyView(added) }
        }),
      )
      .handle("remove", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (user) =>
          Effect.as(
            passkeys.remove(user.userId, path.id, payload.currentPassword),
            new Message({ message: "The passkey was removed." }),
          ),
        ),
      )
  }),
)

const PasskeySignInGroupLive = HttpApiBuilder.group(SignInApi, "passkeySignIn", (handlers) =>
  Effect.gen(function* () {
    const { passkeys } = (yield* Identity).account
    const cookie = yield* makeSessionCookie
    return handlers
      .handle("signInOptions", () => passkeys.signInOptions())
      .handle("signIn", ({ payload }) =>
        Effect.gen(function* () {
          const signedIn = yield* passkeys.signIn(
            payload,
            yield* currentClient,
            yield* requestSession,
          )
          yield* cookie.set(signedIn.session.id, signedIn.session.expires)
          return new SignedIn({ user: signedIn.user, message: signedIn.message })
        }),
      )
  }),
)

export const PasskeysHttpLive = Layer.mergeAll(PasskeysGroupLive, PasskeySignInGroupLive)
