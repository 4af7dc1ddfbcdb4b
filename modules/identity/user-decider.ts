import { Data, Either } from "effect"
import {
  AdminGranted,
  EmailChanged,
  EmailChangeRequested,
  EmailVerificationRequested,
  EmailVerified,
  PasskeyAdded,
  PasskeyRemoved,
  PasswordChanged,
  PasswordResetRequested,
  RecoveryCodeUsed,
  TwoStepTurnedOff,
  TwoStepTurnedOn,
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
      /** The address asked for and not yet confirmed from its link. */
      readonly pendingEmail?: string | undefined
      /** The address before the last confirmed change, which its notice can take back. */
      readonly previousEmail?: string | undefined
      /** Whether signing in asks for a code after the password. */
      readonly twoStep: boolean
      /** The ids of the person's passkeys: any one also asks for a second step after the password. */
      readonly passkeys: ReadonlyArray<string>
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
    }
  | { readonly _tag: "RequestEmailVerification"; readonly expiresAt: Date }
  | {
      readonly _tag: "VerifyEmail"
      /** ADMIN_EMAIL, lower-cased: its owner becomes an administrator by verifying it. */
      readonly adminEmail: string | undefined
    }
  | { readonly _tag: "RequestPasswordReset"; readonly expiresAt: Date }
  | { readonly _tag: "ResetPassword" }
  | { readonly _tag: "ChangePassword" }
  | { readonly _tag: "RequestEmailChange"; readonly email: string; readonly expiresAt: Date }
  | { readonly _tag: "ConfirmEmailChange" }
  | { readonly _tag: "UndoEmailChange" }
  | { readonly _tag: "TurnOnTwoStep" }
  | { readonly _tag: "TurnOffTwoStep" }
  | { readonly _tag: "UseRecoveryCode"; readonly left: number }
  | { readonly _tag: "AddPasskey"; readonly passkeyId: string; readonly label: string }
  | { readonly _tag: "RemovePasskey"; readonly passkeyId: string }
  | { readonly _tag: "GrantAdmin"; readonly grantedBy: AdminGranted["grantedBy"] }

export class AlreadyRegistered extends Data.TaggedError("AlreadyRegistered") {}
export class NotRegistered extends Data.TaggedError("NotRegistered") {}
export class EmailAlreadyVerified extends Data.TaggedError("EmailAlreadyVerified") {}

/** The address asked for is the account's already. */
export class AddressUnchanged extends Data.TaggedError("AddressUnchanged") {}
/** No change of address is waiting for its confirmation, or none is there to undo. */
export class NoEmailChange extends Data.TaggedError("NoEmailChange") {}

/** Two-step sign-in is on already, or (turning it off, using a recovery code) is not. */
export class TwoStepIsOn extends Data.TaggedError("TwoStepIsOn") {}
export class TwoStepIsOff extends Data.TaggedError("TwoStepIsOff") {}
/** The passkey is the person's already, or (removing it) is not one of theirs. */
export class PasskeyKnown extends Data.TaggedError("PasskeyKnown") {}
export class NoSuchPasskey extends Data.TaggedError("NoSuchPasskey") {}

export type UserRefusal =
  | AlreadyRegistered
  | NotRegistered
  | EmailAlreadyVerified
  | AddressUnchanged
  | NoEmailChange
  | TwoStepIsOn
  | TwoStepIsOff
  | PasskeyKnown
  | NoSuchPasskey

const emits = (...events: ReadonlyArray<UserEvent>) => Either.right(events)

const isAdminEmail = (state: Registered, adminEmail: string | undefined) =>
  adminEmail !== undefined && state.email.toLowerCase() === adminEmail

const configurationGrant = (state: Registered) =>
  new AdminGranted({ userId: state.userId, grantedBy: "configuration", verifiedEmail: state.email })

/**
 * A user: registration, e-mail verification and changes of address, passwords, two-step sign-in, and
 * the administrator role.
 */
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
          twoStep: false,
          passkeys: [],
        }
      case "EmailVerified":
        return state._tag === "Registered" ? { ...state, emailVerified: true } : state
      case "EmailChangeRequested":
        return state._tag === "Registered" ? { ...state, pendingEmail: event.email } : state
      case "EmailChanged":
        // Opening a link mailed to the address proves it is the person's: it counts as verified.
        if (state._tag !== "Registered") return state
        return {
          ...state,
          email: event.to,
          emailVerified: true,
          pendingEmail: undefined,
          previousEmail: event.reason === "confirmed" ? event.from : undefined,
        }
      case "AdminGranted":
        if (state._tag !== "Registered") return state
        // Configuration vouches for an address, which says nothing until its owner has verified it.
        if (event.grantedBy === "configuration" && !state.emailVerified) return state
        return { ...state, isAdmin: true }
      case "TwoStepTurnedOn":
      case "TwoStepTurnedOff":
        if (state._tag !== "Registered") return state
        return { ...state, twoStep: event._tag === "TwoStepTurnedOn" }
      case "PasskeyAdded":
        if (state._tag !== "Registered") return state
        return { ...state, passkeys: [...state.passkeys, event.passkeyId] }
      case "PasskeyRemoved":
        if (state._tag !== "Registered") return state
        return { ...state, passkeys: state.passkeys.filter((id) => id !== event.passkeyId) }
      case "EmailVerificationRequested":
      case "PasswordResetRequested":
      case "RecoveryCodeUsed":
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
        if (state.emailVerified) return emits()
        return emits(
          new EmailVerified({ userId, email: state.email }),
          ...(isAdminEmail(state, command.adminEmail) && !state.isAdmin
            ? [configurationGrant(state)]
            : []),
        )
      case "RequestPasswordReset":
        return emits(new PasswordResetRequested({ userId, expiresAt: command.expiresAt }))
      case "ResetPassword":
        return emits(new PasswordChanged({ userId, reason: "reset" }))
      case "ChangePassword":
        return emits(new PasswordChanged({ userId, reason: "changed" }))
      case "RequestEmailChange":
        if (command.email.toLowerCase() === state.email.toLowerCase())
          return Either.left(new AddressUnchanged())
        return emits(
          new EmailChangeRequested({ userId, email: command.email, expiresAt: command.expiresAt }),
        )
      case "ConfirmEmailChange":
        if (state.pendingEmail === undefined) return Either.left(new NoEmailChange())
        return emits(
          new EmailChanged({
            userId,
            from: state.email,
            to: state.pendingEmail,
            reason: "confirmed",
          }),
        )
      case "TurnOnTwoStep":
        if (state.twoStep) return Either.left(new TwoStepIsOn())
        return emits(new TwoStepTurnedOn({ userId, method: "code" }))
      case "TurnOffTwoStep":
        if (!state.twoStep) return Either.left(new TwoStepIsOff())
        return emits(new TwoStepTurnedOff({ userId, method: "code" }))
      case "UseRecoveryCode":
        if (!state.twoStep) return Either.left(new TwoStepIsOff())
        return emits(new RecoveryCodeUsed({ userId, left: command.left }))
      case "AddPasskey":
        if (state.passkeys.includes(command.passkeyId)) return Either.left(new PasskeyKnown())
        return emits(
          new PasskeyAdded({ userId, passkeyId: command.passkeyId, label: command.label }),
        )
      case "RemovePasskey":
        if (!state.passkeys.includes(command.passkeyId)) return Either.left(new NoSuchPasskey())
        return emits(new PasskeyRemoved({ userId, passkeyId: command.passkeyId }))
      case "UndoEmailChange":
        if (state.previousEmail === undefined) return Either.left(new NoEmailChange())
        return emits(
          new EmailChanged({
            userId,
            from: state.email,
            to: state.previousEmail,
            reason: "undone",
          }),
        )
      case "GrantAdmin":
        if (state.isAdmin) return emits()
        if (command.grantedBy !== "configuration")
          return emits(new AdminGranted({ userId, grantedBy: command.grantedBy }))
        // Not verified yet: verifying the address grants the role then.
        return state.emailVerified ? emits(configurationGrant(state)) : emits()
    }
  },
}
