import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { CurrentPasswordField } from "./current-password-field.tsx"
import { twoStepQuery } from "./settings-queries.ts"
import { TwoStepSetup } from "./two-step-setup.tsx"

/** Turning two-step sign-in off takes the password, so a session left open cannot do it. */
const TurnOff = ({ recoveryCodesLeft }: { readonly recoveryCodesLeft: number }) => {
  const queryClient = useQueryClient()
  const [currentPassword, setCurrent] = useState("")
  const turnOff = useMutation({
    mutationFn: () =>
      callApi((api) => api.account.turnOffTwoStep({ payload: { currentPassword } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepQuery.queryKey }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    turnOff.mutate()
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid max-w-md gap-4"
      aria-label="Turn off two-step"
    >
      <p role="status" className="text-sm">
        Two-step sign-in is on with an authenticator app. Recovery codes left: {recoveryCodesLeft}.
      </p>
      <CurrentPasswordField
        value={currentPassword}
        onChange={setCurrent}
        error={turnOff.isError ? errorMessage(turnOff.error) : undefined}
      />
      <div>
        <Button variant="secondary" type="submit" disabled={turnOff.isPending}>
          {turnOff.isPending ? "Turning off..." : "Turn off two-step sign-in"}
        </Button>
      </div>
    </form>
  )
}

/** Two-step sign-in: set up when off, its recovery codes counted and a way to turn it off when on. */
export const TwoStepSettings = () => {
  const status = useQuery(twoStepQuery)
  if (status.isPending) return <p className="text-sm text-muted">Loading...</p>
  if (status.isError)
    return (
      <p className="text-sm text-danger">Two-step sign-in could not be loaded. Please refresh.</p>
    )
  if (status.data.on) return <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} />
  return (
    <div className="grid gap-3">
      {status.data.adminNeedsTwoStep && (
        <p role="alert" className="text-sm font-medium text-warning">
          Your account is an administrator's: the admin tools open once two-step sign-in is on.
        </p>
      )}
      <TwoStepSetup />
    </div>
  )
}
