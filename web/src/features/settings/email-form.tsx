import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { type FieldErrors, validate, warm } from "../../lib/form.ts"
import { CurrentPasswordField } from "./current-password-field.tsx"
import { refusalFieldErrors } from "./refusal-fields.ts"

const payload = () => import("#modules/identity/api-account.ts").then((m) => m.ChangeEmailPayload)

/** Where each refusal of the server is said: at the field it is about. */
const fieldOf: Readonly<Record<string, string>> = {
  WrongPassword: "currentPassword",
  SameEmail: "email",
  EmailTaken: "email",
}

/**
 * A new address, given the current password: the account moves when the link mailed to it is opened, and
 * the old address is told, with a week to take it back.
 */
export const EmailForm = () => {
  const [email, setEmail] = useState("")
  const [currentPassword, setCurrent] = useState("")
  const [errors, setErrors] = useState<FieldErrors>({})
  const change = useMutation({
    mutationFn: (values: { email: string; currentPassword: string }) =>
      callApi((api) => api.account.changeEmail({ payload: values })),
    onSuccess: () => setCurrent(""),
    onError: (error) => setErrors(refusalFieldErrors(error, fieldOf)),
  })
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    change.reset()
    const checked = await validate(payload, { email: email.trim(), currentPassword })
    setErrors(checked.ok ? {} : checked.errors)
    if (checked.ok) change.mutate(checked.value)
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={warm(payload)}
      noValidate
      className="grid max-w-md gap-4"
      aria-label="Change email"
    >
      <Field label="New email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <CurrentPasswordField
        value={currentPassword}
        onChange={setCurrent}
        error={errors.currentPassword}
      />
      {change.isSuccess && (
        <p role="status" className="text-sm font-medium text-success">
          {change.data.message}
        </p>
      )}
      {change.isError && Object.keys(errors).length === 0 && (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorMessage(change.error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? "Sending..." : "Change email"}
        </Button>
      </div>
    </form>
  )
}
