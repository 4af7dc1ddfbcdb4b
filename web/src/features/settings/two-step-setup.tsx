import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { currentUserQuery } from "../../lib/session.ts"
import { twoStepQuery } from "./settings-queries.ts"

/** The secret as authenticator apps ask to have it typed: in groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret

const RecoveryCodes = ({
  codes,
  onDone,
}: {
  readonly codes: ReadonlyArray<string>
  readonly onDone: () => void
}) => (
  <div className="grid gap-3">
    <p role="status" className="font-semibold text-success">
      Two-step sign-in is on.
    </p>
    <p className="text-sm text-muted">
      Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They
      are shown only now.
    </p>
    <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
      {codes.map((code) => (
        <li key={code} className="rounded-lg bg-surface-raised px-3 py-1.5">
          {code}
        </li>
      ))}
    </ul>
    <div>
      <Button onClick={onDone}>I saved them</Button>
    </div>
  </div>
)

/**
 * Setting up an authenticator app: its secret (to scan from the link or type), then its first code, which
 * turns two-step sign-in on and shows the recovery codes.
 */
export const TwoStepSetup = () => {
  const queryClient = useQueryClient()
  const [code, setCode] = useState("")
  const begin = useMutation({
    mutationFn: () => callApi((api) => api.account.beginTwoStep()),
  })
  const turnOn = useMutation({
    mutationFn: (typed: string) =>
      callApi((api) => api.account.turnOnTwoStep({ payload: { code: typed } })),
  })
  const done = () => {
    begin.reset()
    turnOn.reset()
    setCode("")
    void queryClient.invalidateQueries({ queryKey: twoStepQuery.queryKey })
    // An administrator who had to turn it on has their rights now.
    void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })
  }
  if (turnOn.isSuccess) return <RecoveryCodes codes={turnOn.data.recoveryCodes} onDone={done} />
  if (!begin.isSuccess)
    return (
      <div className="grid gap-2">
        <p className="text-sm text-muted">
          Ask for a code from an authenticator app after your password.
        </p>
        {begin.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(begin.error)}
          </p>
        )}
        <div>
          <Button disabled={begin.isPending} onClick={() => begin.mutate()}>
            Set up an authenticator app
          </Button>
        </div>
      </div>
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    turnOn.mutate(code)
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid max-w-md gap-4"
      aria-label="Turn on two-step"
    >
      <p className="text-sm text-muted">
        Scan or open{" "}
        <a href={begin.data.uri} className="font-semibold text-primary hover:underline">
          this link in your authenticator app
        </a>
        , or type this key into it:
      </p>
      <p>
        <span className="text-sm text-muted">Setup key: </span>
        <code data-testid="setup-key" className="font-mono text-base tracking-wider break-all">
          {grouped(begin.data.secret)}
        </code>
      </p>
      <Field
        label="Code from the app"
        error={turnOn.isError ? errorMessage(turnOn.error) : undefined}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <div>
        <Button type="submit" disabled={turnOn.isPending || code.trim() === ""}>
          {turnOn.isPending ? "Checking..." : "Turn on"}
        </Button>
      </div>
    </form>
  )
}
