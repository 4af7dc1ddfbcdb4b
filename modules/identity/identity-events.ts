import { Effect } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import { identityStreams, UserEvent } from "#events/contracts/identity.ts"
import { runCommand } from "#events/handle-command.ts"
import { emailClaim, emailClaimEvents, usernameClaim, usernameClaimEvents } from "./claims.ts"
import { type LoginCommand, LoginEvent, logins } from "./logins.ts"
import { type UserCommand, user } from "./user-decider.ts"

/** Runs a command on a user's stream on behalf of `actor`. */
export const decideUser = (userId: string, command: UserCommand, actor: Actor) =>
  runCommand({
    decider: user,
    events: UserEvent,
    streamId: identityStreams.user(userId),
    command,
    actor,
  })

/** Claims a username for `userId`; refused with `AlreadyClaimed` when someone has it. */
export const claimUsername = (username: string, userId: string, actor: Actor) =>
  runCommand({
    decider: usernameClaim,
    events: usernameClaimEvents,
    streamId: identityStreams.username(username),
    command: { userId, name: username },
    actor,
  })

/** Claims an e-mail address for `userId`; refused with `AlreadyClaimed` when someone has it. */
export const claimEmail = (email: string, userId: string, actor: Actor) =>
  runCommand({
    decider: emailClaim,
    events: emailClaimEvents,
    streamId: identityStreams.email(email),
    command: { userId, name: email },
    actor,
  })

/** Records a sign-in or sign-out on the user's log of them. */
export const recordLogin = (command: LoginCommand, actor: Actor) =>
  Effect.asVoid(
    runCommand({
      decider: logins,
      events: LoginEvent,
      streamId: identityStreams.logins(command.userId),
      command,
      actor,
      concurrency: "none",
    }),
  )
