import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { type FieldErrors, validate, warm } from "../../lib/form.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { CurrentPasswordField } from "./current-password-field.tsx"
import { refusalFieldErrors } from "./refusal-fields.ts"
import { sessionsQuery } from "./settings-queries.ts"

const payload = () =>
  import("#modules/identity/api-account.ts").then((m) => m.ChangePasswordPayload)

/** Where each refusal of the server is said: at the field it is about. */
const fieldOf: Readonly<Record<string, string>> = {
  WrongPassword: "currentPassword",
  SamePassword: "newPassword",
}

/**
 * A new password, given the current one; every other session ends with the change, so a password someone
 * else learnt stops working everywhere at once.
 */
export const PasswordForm = () => {
  const queryClient = useQueryClient()
  const [currentPassword, setCurrent] = useState("")
  const [newPassword, setNew] = useState("")
  const [errors, setErrors] = useState<FieldErrors>({})
  const change = useMutation({
    mutationFn: (values: { currentPassword: string; newPassword: string }) =>
      callApi((api) => api.account.changePassword({ payload: values })),
    onSuccess: ({ message }) => {
      setCurrent("")
      setNew("")
      toast({ title: "Password changed", description: message, variant: "success" })
      return queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey })
    },
    onError: (error) => setErrors(refusalFieldErrors(error, fieldOf)),
  })
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = await validate(payload, { currentPassword, newPassword })
    setErrors(checked.ok ? {} : checked.errors)
    if (checked.ok) change.mutate(checked.value)
  }
  const refused = change.isError && Object.keys(errors).length === 0
  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={warm(payload)}
      noValidate
      className="grid max-w-md gap-4"
      aria-label="Change password"
    >
      <CurrentPasswordField
        value={currentPassword}
        onChange={setCurrent}
        error={errors.currentPassword}
      />
      <Field label="New password" error={errors.newPassword}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
          />
        )}
      </Field>
      {refused && (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorMessage(change.error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change password"}
        </Button>
      </div>
    </form>
  )
}
