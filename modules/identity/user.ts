import { Data, Either } from "effect"
import {
  AdminGranted,
  EmailVerificationRequested,
  EmailVerified,
  PasswordChanged,
  PasswordResetRequested,
  type UserEvent,
  UserRegistered,
} from "#events/contracts/identity.ts"
import type { Decider } from "#events/decider.ts"

export type UserState =
  | { readonly _tag: "Unregistered" }
  | {
      readonly _tag: "Registered"
      readonly userId: string
      readonly username: string
      readonly email: string
      readonly name: string
      readonly emailVerified: boolean
      readonly isAdmin: boolean
    }

export type Registered = Extract<UserState, { _tag: "Registered" }>

export type UserCommand =
  | {
      readonly _tag: "Register"
      readonly userId: string
      readonly username: string
      readonly email: string
      readonly name: string
      readonly verificationExpiresAt: Date
      /** The configured administrator address registers as an administrator. */
      readonly asAdmin: boolean
    }
  | { readonly _tag: "RequestEmailVerification"; readonly expiresAt: Date }
  | { readonly _tag: "VerifyEmail" }
  | { readonly _tag: "RequestPasswordReset"; readonly expiresAt: Date }
  | { readonly _tag: "ResetPassword" }
  | { readonly _tag: "GrantAdmin"; readonly grantedBy: AdminGranted["grantedBy"] }

export class AlreadyRegistered extends Data.TaggedError("AlreadyRegistered") {}
export class NotRegistered extends Data.TaggedError("NotRegistered") {}
export class EmailAlreadyVerified extends Data.TaggedError("EmailAlreadyVerified") {}

export type UserRefusal = AlreadyRegistered | NotRegistered | EmailAlreadyVerified

const emits = (...events: ReadonlyArray<UserEvent>) => Either.right(events)

/** A user: registration, e-mail verification, password resets and the administrator role. */
export const user: Decider<UserCommand, UserEvent, UserState, UserRefusal> = {
  initialState: { _tag: "Unregistered" },

  evolve: (state, event) => {
    switch (event._tag) {
      case "UserRegistered":
        return {
          _tag: "Registered",
          userId: event.userId,
          username: event.username,
          email: event.email,
          name: event.name,
          emailVerified: false,
          isAdmin: false,
        }
      case "EmailVerified":
        return state._tag === "Registered" ? { ...state, emailVerified: true } : state
      case "AdminGranted":
        return state._tag === "Registered" ? { ...state, isAdmin: true } : state
      case "EmailVerificationRequested":
      case "PasswordResetRequested":
      case "PasswordChanged":
        return state
    }
  },

  decide: (command, state) => {
    if (command._tag === "Register") {
      if (state._tag === "Registered") return Either.left(new AlreadyRegistered())
      const { userId, username, email, name } = command
      return emits(
        new UserRegistered({ userId, username, email, name }),
        new EmailVerificationRequested({ userId, email, expiresAt: command.verificationExpiresAt }),
        ...(command.asAdmin ? [new AdminGranted({ userId, grantedBy: "configuration" })] : []),
      )
    }
    if (state._tag === "Unregistered") return Either.left(new NotRegistered())
    const { userId } = state
    switch (command._tag) {
      case "RequestEmailVerification":
        return state.emailVerified
          ? Either.left(new EmailAlreadyVerified())
          : emits(
              new EmailVerificationRequested({
                userId,
                email: state.email,
                expiresAt: command.expiresAt,
              }),
            )
      case "VerifyEmail":
        return state.emailVerified
          ? emits()
          : emits(new EmailVerified({ userId, email: state.email }))
      case "RequestPasswordReset":
        return emits(new PasswordResetRequested({ userId, expiresAt: command.expiresAt }))
      case "ResetPassword":
        return emits(new PasswordChanged({ userId, reason: "reset" }))
      case "GrantAdmin":
        return state.isAdmin
          ? emits()
          : emits(new AdminGranted({ userId, grantedBy: command.grantedBy }))
    }
  },
}
