import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import type { TwoStepRequired } from "#modules/identity/api-account-refusals.ts"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import type { User } from "../../lib/session.ts"
import { useSwitchUser } from "../../lib/session-changes.ts"
import { PasskeySignInButton } from "./passkey-sign-in.tsx"

/** The second step of a sign-in: the challenge the password opened, and a code. */
const useSecondStep = () => {
  const switchUser = useSwitchUser()
  return useMutation({
    mutationFn: (payload: { readonly challenge: string; readonly code: string }) =>
      callApi((api) => api.identity.secondStep({ payload })),
    onSuccess: (answer) => switchUser(answer.user),
  })
}

type SignedIn = { readonly user: User; readonly message: string }

/** What the account accepts after the password. */
export type SecondStepMethod = TwoStepRequired["methods"][number]

/**
 * After a right password, for an account with two-step sign-in: one of its passkeys, or the code from
 * the authenticator app or one of the recovery codes. A code that expired its challenge sends the person
 * back to the password.
 */
export const SecondStepForm = ({
  challenge,
  methods,
  onSignedIn,
  onRestart,
}: {
  readonly challenge: string
  readonly methods: ReadonlyArray<SecondStepMethod>
  readonly onSignedIn: (answer: SignedIn) => void
  readonly onRestart: () => void
}) => {
  const step = useSecondStep()
  const [code, setCode] = useState("")
  const submit = (event: FormEvent) => {
    event.preventDefault()
    step.mutate({ challenge, code }, { onSuccess: onSignedIn })
  }
  const expired = (step.error as { _tag?: string } | null)?._tag === "InvalidToken"
  const passkey = methods.includes("passkey") && (
    <PasskeySignInButton label="Use a passkey" onSignedIn={onSignedIn} />
  )
  if (!methods.includes("code"))
    return (
      <fieldset className="grid gap-5" aria-label="Two-step sign-in">
        <p className="text-sm text-muted">Use your passkey to finish signing in.</p>
        {passkey}
        <Button type="button" variant="ghost" onClick={onRestart}>
          Enter my password again
        </Button>
      </fieldset>
    )
  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Two-step sign-in">
      {passkey}
      <p className="text-sm text-muted">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <Field label="Code" error={step.isError ? errorMessage(step.error) : undefined}>
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            inputMode="text"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoFocus
          />
        )}
      </Field>
      {expired ? (
        <Button type="button" size="lg" onClick={onRestart}>
          Enter my password again
        </Button>
      ) : (
        <Button type="submit" size="lg" disabled={step.isPending || code.trim() === ""}>
          {step.isPending ? "Checking..." : "Verify"}
        </Button>
      )}
    </form>
  )
}
