import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import {
  EmailClaimed,
  identityStreams,
  UserEvent,
  UsernameClaimed,
} from "#events/contracts/identity.ts"
import { fold } from "#events/decider.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import { UserView } from "./api.ts"
import { IdentityConfig } from "./config.ts"
import { secondStepsOf } from "./second-steps.ts"
import { type Registered, user } from "./user-decider.ts"

const decodeUser = decodeAll(UserEvent)
const decodeClaim = decodeAll(Schema.Union(UsernameClaimed, EmailClaimed))

/**
 * A user as whoever decides who may do what sees them: an administrator who must use two-step sign-in
 * (ADMIN_REQUIRE_TWO_STEP) and has not turned it on acts as a person until they do.
 */
export type Person = Registered & { readonly adminNeedsTwoStep: boolean }

export const toView = (state: Registered) =>
  new UserView({
    id: state.userId,
    username: state.username,
    email: state.email,
    name: state.name,
    isAdmin: state.isAdmin,
    emailVerified: state.emailVerified,
  })

/**
 * Reading users from their own streams (never from a projection that may lag): whoever decides who may do
 * what reads the source.
 */
export class Users extends Context.Tag("@melody/identity/Users")<
  Users,
  {
    readonly byId: (userId: string) => Effect.Effect<Person | undefined>
    /** A username, or an e-mail address when it contains '@'. */
    readonly idOf: (usernameOrEmail: string) => Effect.Effect<string | undefined>
    readonly passwordHashOf: (userId: string) => Effect.Effect<string | undefined>
    /** Whose the address is, whether or not it is still their account's address. */
    readonly holderOfEmail: (email: string) => Effect.Effect<string | undefined>
  }
>() {
  static readonly live = Layer.effect(
    Users,
    Effect.gen(function* () {
      const store = yield* EventStore
      const sql = yield* SqlClient.SqlClient
      const config = yield* IdentityConfig

      const byId = (userId: string) =>
        store.readStream(identityStreams.user(userId)).pipe(
          Effect.flatMap(decodeUser),
          Effect.orDie,
          Effect.map((events) => {
            const state = fold(
              user,
              events.map((e) => e.event),
            )
            if (state._tag !== "Registered") return undefined
            const adminNeedsTwoStep =
              state.isAdmin && config.adminRequireTwoStep && secondStepsOf(state).length === 0
            return { ...state, isAdmin: state.isAdmin && !adminNeedsTwoStep, adminNeedsTwoStep }
          }),
        )

      const holderOf = (stream: string) =>
        store.readStream(stream).pipe(
          Effect.flatMap(decodeClaim),
          Effect.orDie,
          Effect.map(([claim]) => claim?.event.userId),
        )

      // An address names its holder only while it is their account's address: one they moved away
      // from stays claimed for them, and signs no one in.
      const idOf = (usernameOrEmail: string) => {
        const key = usernameOrEmail.trim()
        if (!key.includes("@")) return holderOf(identityStreams.username(key))
        return Effect.flatMap(holderOf(identityStreams.email(key)), (userId) =>
          userId === undefined
            ? Effect.succeed(undefined)
            : Effect.map(byId(userId), (state) =>
                state?.email.toLowerCase() === key.toLowerCase() ? userId : undefined,
              ),
        )
      }

      const passwordHashOf = (userId: string) =>
        sql<{
          password_hash: string
        }>`select password_hash from identity.credentials where user_id = ${userId}`.pipe(
          Effect.orDie,
          Effect.map(([row]) => row?.password_hash),
        )

      const holderOfEmail = (email: string) => holderOf(identityStreams.email(email.trim()))

      return { byId, idOf, passwordHashOf, holderOfEmail }
    }),
  )
}

/** A signed-in person's account: one whose session is open is registered, or the server is wrong. */
export const signedInPerson = (users: Context.Tag.Service<Users>) => (userId: string) =>
  Effect.flatMap(users.byId(userId), (user) =>
    user === undefined ? Effect.die("a signed-in person without an account") : Effect.succeed(user),
  )
