import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"

/** The current password, which every change to how the account signs in asks for first. */
export const CurrentPasswordField = ({
  value,
  onChange,
  error,
}: {
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error: string | undefined
}) => (
  <Field label="Current password" error={error}>
    {(control) => (
      <Input
        {...control}
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    )}
  </Field>
)
