import { Either, Schema } from "effect"
import { UserLoggedIn, UserLoggedOut } from "#events/contracts/identity.ts"
import type { Decider } from "#events/decider.ts"

export const LoginEvent = Schema.Union(UserLoggedIn, UserLoggedOut)
export type LoginEvent = typeof LoginEvent.Type

export type LoginCommand =
  | { readonly _tag: "LogIn"; readonly userId: string }
  | { readonly _tag: "LogOut"; readonly userId: string }

/** A user's sign-ins and sign-outs: a log, so a decision never needs what came before. */
export const logins: Decider<LoginCommand, LoginEvent, null, never> = {
  initialState: null,
  evolve: () => null,
  decide: (command) =>
    Either.right([
      command._tag === "LogIn"
        ? new UserLoggedIn({ userId: command.userId })
        : new UserLoggedOut({ userId: command.userId }),
    ]),
}
