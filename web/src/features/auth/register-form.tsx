import { type FormEvent, useState } from "react"
import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { Checkbox } from "../../components/ui/checkbox.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { errorMessage } from "../../lib/api.ts"
import { type FieldErrors, serverFieldErrors, validate, warm } from "../../lib/form.ts"
import type { User } from "../../lib/session.ts"
import { useRegister } from "../../lib/session-changes.ts"
import { toast } from "../../lib/toast/toast-store.ts"

const payload = () => import("#modules/identity/api.ts").then((api) => api.RegisterPayload)

export const RegisterForm = ({ onRegistered }: { readonly onRegistered: (user: User) => void }) => {
  const register = useRegister()
  const [values, setValues] = useState({
    name: "",
    username: "",
    email: "",
    password: "",
    acceptTerms: false,
  })
  const [errors, setErrors] = useState<FieldErrors>({})

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = await validate(payload, values)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    register.mutate(checked.value, {
      onSuccess: (answer) => {
        toast({ title: "Registration successful", description: answer.message, variant: "success" })
        toast({
          title: "Registration successful",
          description:
            "Please check your email for a verification link to activate your account fully.",
        })
        onRegistered(answer.user)
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error))
        toast({
          title: "Registration failed",
          description: errorMessage(error, "Failed to register"),
          variant: "destructive",
        })
      },
    })
  }

  const set =
    (field: "name" | "username" | "email" | "password") => (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [field]: event.target.value }))

  return (
    <form onSubmit={submit} onInput={warm(payload)} noValidate className="grid gap-5">
      <Field label="Full name" error={errors.name}>
        {(control) => (
          <Input {...control} autoComplete="name" value={values.name} onChange={set("name")} />
        )}
      </Field>
      <Field label="Username" error={errors.username}>
        {(control) => (
          <Input
            {...control}
            autoComplete="username"
            value={values.username}
            onChange={set("username")}
          />
        )}
      </Field>
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set("email")}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set("password")}
          />
        )}
      </Field>
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <Checkbox
            id="accept-terms"
            checked={values.acceptTerms}
            aria-invalid={errors.acceptTerms !== undefined}
            onCheckedChange={(checked) =>
              setValues((v) => ({ ...v, acceptTerms: checked === true }))
            }
          />
          <label htmlFor="accept-terms" className="text-sm leading-snug text-muted">
            I am 18 or older and accept the{" "}
            <Link to="/terms" className="font-medium text-primary hover:text-pink">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link to="/privacy" className="font-medium text-primary hover:text-pink">
              Privacy Policy
            </Link>
            .
          </label>
        </div>
        {errors.acceptTerms && (
          <p role="alert" className="text-xs font-medium text-danger">
            {errors.acceptTerms}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={register.isPending}>
        {register.isPending ? "Registering..." : "Register"}
      </Button>
    </form>
  )
}
