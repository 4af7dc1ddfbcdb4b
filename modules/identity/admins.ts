import { Effect, Option } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import type { AdminGranted } from "#events/contracts/identity.ts"
import { IdentityConfig } from "./config.ts"
import { decideUser } from "./identity-events.ts"
import { RecentSessions } from "./recent-sessions.ts"
import { Users } from "./users.ts"

/** Administrators are made by an event: by configuration (ADMIN_EMAIL) or the command line. */
export const makeAdmins = Effect.gen(function* () {
  const config = yield* IdentityConfig
  const users = yield* Users
  const recentSessions = yield* RecentSessions

  /** Answers the user made an administrator, or undefined when there is no such account. */
  const grant = Effect.fn("Identity.grantAdmin")(function* (
    usernameOrEmail: string,
    grantedBy: AdminGranted["grantedBy"],
  ) {
    const userId = yield* users.idOf(usernameOrEmail)
    if (userId === undefined) return undefined
    yield* decideUser(userId, { _tag: "GrantAdmin", grantedBy }, Actors.system(grantedBy)).pipe(
      Effect.orDie,
    )
    yield* recentSessions.forgetUser(userId)
    return yield* users.byId(userId)
  })

  /** At start: the configured administrator's account, if it exists already, gets the role. */
  const ensureConfiguredAdmin = Option.match(config.adminEmail, {
    onNone: () => Effect.void,
    onSome: (email) => Effect.asVoid(grant(email, "configuration")),
  })

  return { grant, ensureConfiguredAdmin }
})
