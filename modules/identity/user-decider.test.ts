import { describe, expect, it } from "@effect/vitest"
import {
  AdminGranted,
  EmailChanged,
  EmailChangeRequested,
  EmailVerificationRequested,
  EmailVerified,
  PasskeyAdded,
  PasskeyRemoved,
  PasswordChanged,
  RecoveryCodeUsed,
  TwoStepTurnedOff,
  TwoStepTurnedOn,
  type UserEvent,
  UserRegistered,
} from "#events/contracts/identity.ts"
import { fold } from "#events/decider.ts"
import { given } from "#events/testing.ts"
import { secondStepsOf } from "./second-steps.ts"
import { type Registered, user } from "./user-decider.ts"

const adminEmail = "boss@example.com"
const registered = [
  new UserRegistered({ userId: "u1", username: "boss", email: "Boss@Example.com", name: "B" }),
  new EmailVerificationRequested({
    userId: "u1",
    email: "Boss@Example.com",
    expiresAt: new Date(0),
  }),
]
const verified = new EmailVerified({ userId: "u1", email: "Boss@Example.com" })
const byConfiguration = new AdminGranted({
  userId: "u1",
  grantedBy: "configuration",
  verifiedEmail: "Boss@Example.com",
})

describe("the configured administrator", () => {
  it("registers without any rights", () => {
    given(user, [])
      .when({
        _tag: "Register",
        userId: "u1",
        username: "boss",
        email: "Boss@Example.com",
        name: "B",
        verificationExpiresAt: new Date(0),
      })
      .thenEmits(registered)
  })

  it("becomes an administrator by verifying the address, and the grant says so", () => {
    given(user, registered)
      .when({ _tag: "VerifyEmail", adminEmail })
      .thenEmits([verified, byConfiguration])
    given(user, registered)
      .when({ _tag: "VerifyEmail", adminEmail: "someone-else@example.com" })
      .thenEmits([verified])
    given(user, registered)
      .when({ _tag: "VerifyEmail", adminEmail: undefined })
      .thenEmits([verified])
  })

  it("is not granted the role at start while the address is unverified, and is once it is verified", () => {
    given(user, registered).when({ _tag: "GrantAdmin", grantedBy: "configuration" }).thenEmits([])
    given(user, [...registered, verified])
      .when({ _tag: "GrantAdmin", grantedBy: "configuration" })
      .thenEmits([byConfiguration])
    given(user, [...registered, verified, byConfiguration])
      .when({ _tag: "GrantAdmin", grantedBy: "configuration" })
      .thenEmits([])
  })

  it("gets no rights from a configuration grant recorded before the address was verified", () => {
    const early = new AdminGranted({ userId: "u1", grantedBy: "configuration" })
    const state = fold(user, [...registered, early])
    expect(state).toMatchObject({ isAdmin: false, emailVerified: false })
    // Verifying the address later is what grants it, with its cause.
    given(user, [...registered, early])
      .when({ _tag: "VerifyEmail", adminEmail })
      .thenEmits([verified, byConfiguration])
    expect(fold(user, [...registered, early, verified, byConfiguration])).toMatchObject({
      isAdmin: true,
    })
  })

  it("is a different matter from a grant by the command line, which needs no verification", () => {
    given(user, registered)
      .when({ _tag: "GrantAdmin", grantedBy: "command line" })
      .thenEmits([new AdminGranted({ userId: "u1", grantedBy: "command line" })])
  })
})

describe("a password", () => {
  it("changed by its owner says so, as a reset from a mailed link says it was reset", () => {
    given(user, registered)
      .when({ _tag: "ChangePassword" })
      .thenEmits([new PasswordChanged({ userId: "u1", reason: "changed" })])
    given(user, registered)
      .when({ _tag: "ResetPassword" })
      .thenEmits([new PasswordChanged({ userId: "u1", reason: "reset" })])
  })

  it("cannot be changed for someone who never registered", () => {
    given(user, []).when({ _tag: "ChangePassword" }).thenFails("NotRegistered")
  })
})

describe("a change of address", () => {
  const asked = new EmailChangeRequested({
    userId: "u1",
    email: "new@example.com",
    expiresAt: new Date(0),
  })
  const moved = new EmailChanged({
    userId: "u1",
    from: "Boss@Example.com",
    to: "new@example.com",
    reason: "confirmed",
  })

  it("is asked for an address other than the account's own", () => {
    given(user, registered)
      .when({ _tag: "RequestEmailChange", email: "new@example.com", expiresAt: new Date(0) })
      .thenEmits([asked])
    given(user, registered)
      .when({ _tag: "RequestEmailChange", email: "boss@EXAMPLE.com", expiresAt: new Date(0) })
      .thenFails("AddressUnchanged")
  })

  it("is made by its confirmation, which verifies the new address, and only when asked for", () => {
    given(user, [...registered, asked])
      .when({ _tag: "ConfirmEmailChange" })
      .thenEmits([moved])
    given(user, registered).when({ _tag: "ConfirmEmailChange" }).thenFails("NoEmailChange")
    given(user, [...registered, asked, moved])
      .when({ _tag: "ConfirmEmailChange" })
      .thenFails("NoEmailChange")
    expect(fold(user, [...registered, asked, moved])).toMatchObject({
      email: "new@example.com",
      emailVerified: true,
    })
  })

  it("is taken back once, to the address before it", () => {
    const back = new EmailChanged({
      userId: "u1",
      from: "new@example.com",
      to: "Boss@Example.com",
      reason: "undone",
    })
    given(user, [...registered, asked, moved])
      .when({ _tag: "UndoEmailChange" })
      .thenEmits([back])
    given(user, [...registered, asked, moved, back])
      .when({ _tag: "UndoEmailChange" })
      .thenFails("NoEmailChange")
    given(user, registered).when({ _tag: "UndoEmailChange" }).thenFails("NoEmailChange")
  })
})

describe("two-step sign-in", () => {
  const on = new TwoStepTurnedOn({ userId: "u1", method: "code" })
  const off = new TwoStepTurnedOff({ userId: "u1", method: "code" })

  it("turns on and off, each only from the other", () => {
    given(user, registered).when({ _tag: "TurnOnTwoStep" }).thenEmits([on])
    given(user, [...registered, on])
      .when({ _tag: "TurnOnTwoStep" })
      .thenFails("TwoStepIsOn")
    given(user, [...registered, on])
      .when({ _tag: "TurnOffTwoStep" })
      .thenEmits([off])
    given(user, [...registered, on, off])
      .when({ _tag: "TurnOffTwoStep" })
      .thenFails("TwoStepIsOff")
    expect(fold(user, [...registered, on])).toMatchObject({ twoStep: true })
    expect(fold(user, [...registered, on, off])).toMatchObject({ twoStep: false })
  })

  it("records a recovery code used, with how many are left, only while it is on", () => {
    given(user, [...registered, on])
      .when({ _tag: "UseRecoveryCode", left: 9 })
      .thenEmits([new RecoveryCodeUsed({ userId: "u1", left: 9 })])
    given(user, registered).when({ _tag: "UseRecoveryCode", left: 9 }).thenFails("TwoStepIsOff")
  })
})

describe("passkeys", () => {
  const laptop = new PasskeyAdded({ userId: "u1", passkeyId: "k1", label: "Laptop" })
  const phone = new PasskeyAdded({ userId: "u1", passkeyId: "k2", label: "Phone" })
  const removed = new PasskeyRemoved({ userId: "u1", passkeyId: "k1" })
  const stepsAfter = (events: ReadonlyArray<UserEvent>) =>
    secondStepsOf(fold(user, events) as Registered)

  it("are added once each, and removed only while they are the person's", () => {
    given(user, registered)
      .when({ _tag: "AddPasskey", passkeyId: "k1", label: "Laptop" })
      .thenEmits([laptop])
    given(user, [...registered, laptop])
      .when({ _tag: "AddPasskey", passkeyId: "k1", label: "Again" })
      .thenFails("PasskeyKnown")
    given(user, [...registered, laptop, phone])
      .when({ _tag: "RemovePasskey", passkeyId: "k1" })
      .thenEmits([removed])
    given(user, [...registered, laptop, removed])
      .when({ _tag: "RemovePasskey", passkeyId: "k1" })
      .thenFails("NoSuchPasskey")
  })

  it("ask for a second step after the password while any is left, beside a code", () => {
    const on = new TwoStepTurnedOn({ userId: "u1", method: "code" })
    expect(stepsAfter(registered)).toEqual([])
    expect(stepsAfter([...registered, laptop, phone, removed])).toEqual(["passkey"])
    expect(stepsAfter([...registered, on, laptop])).toEqual(["code", "passkey"])
    expect(stepsAfter([...registered, on, laptop, removed])).toEqual(["code"])
  })
})
