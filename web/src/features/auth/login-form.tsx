import { type FormEvent, useState } from "react"
import { Link } from "react-router"
import type { TwoStepRequired } from "#modules/identity/api-account-refusals.ts"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { errorMessage } from "../../lib/api.ts"
import { type FieldErrors, validate, warm } from "../../lib/form.ts"
import type { User } from "../../lib/session.ts"
import { useLogin } from "../../lib/session-changes.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { PasskeySignInButton } from "./passkey-sign-in.tsx"
import { SecondStepForm, type SecondStepMethod } from "./second-step-form.tsx"

const payload = () => import("#modules/identity/api.ts").then((api) => api.LoginPayload)

export const LoginForm = ({ onSignedIn }: { readonly onSignedIn: (user: User) => void }) => {
  const login = useLogin()
  const [values, setValues] = useState({ username: "", password: "" })
  const [errors, setErrors] = useState<FieldErrors>({})
  // Set when the password was right and the account asks for its second step.
  const [secondStep, setSecondStep] = useState<{
    readonly challenge: string
    readonly methods: ReadonlyArray<SecondStepMethod>
  }>()
  const signedIn = (answer: { readonly user: User; readonly message: string }) => {
    toast({ title: "Welcome back!", description: answer.message, variant: "success" })
    toast({ title: "Login successful", description: "Redirecting to dashboard..." })
    onSignedIn(answer.user)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = await validate(payload, values)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    login.mutate(checked.value, {
      onSuccess: signedIn,
      onError: (error) => {
        const refusal = error as Partial<TwoStepRequired>
        if (refusal._tag === "TwoStepRequired" && refusal.challenge && refusal.methods) {
          setSecondStep({ challenge: refusal.challenge, methods: refusal.methods })
          return
        }
        toast({
          title: "Login failed",
          description: errorMessage(error, "Failed to login"),
          variant: "destructive",
        })
      },
    })
  }

  if (secondStep !== undefined)
    return (
      <SecondStepForm
        {...secondStep}
        onSignedIn={signedIn}
        onRestart={() => {
          setSecondStep(undefined)
          setValues((v) => ({ ...v, password: "" }))
        }}
      />
    )

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }))

  return (
    <form onSubmit={submit} onInput={warm(payload)} noValidate className="grid gap-5">
      <Field label="Username or email" error={errors.username}>
        {(control) => (
          <Input
            {...control}
            autoComplete="username"
            value={values.username}
            onChange={set("username")}
            autoFocus
          />
        )}
      </Field>
      <Field
        label="Password"
        error={errors.password}
        hint={
          <Link to="/forgot-password" className="text-xs font-medium text-primary hover:text-pink">
            Forgot Password?
          </Link>
        }
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set("password")}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? "Logging in..." : "Login"}
      </Button>
      <PasskeySignInButton onSignedIn={signedIn} />
    </form>
  )
}
