import type { Registered } from "./user-decider.ts"

/** What a person may give after their password: a code from their app, or a passkey. */
export type SecondStep = "code" | "passkey"

export const secondStepsOf = (state: Registered): ReadonlyArray<SecondStep> => [
  ...(state.twoStep ? (["code"] as const) : []),
  ...(state.passkeys.length > 0 ? (["passkey"] as const) : []),
]

const asked: Record<string, string> = {
  code: "Enter the code from your authenticator app, or a recovery code.",
  passkey: "Use your passkey to finish signing in.",
  "code,passkey":
    "Use your passkey, or enter the code from your authenticator app or a recovery code.",
}

/** What the sign-in form says when the password was right and a second step is wanted. */
export const secondStepMessage = (steps: ReadonlyArray<SecondStep>) => asked[steps.join(",")] ?? ""
