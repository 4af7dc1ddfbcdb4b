import { useMutation } from "@tanstack/react-query"
import { ArrowLeft, MailCheck } from "lucide-react"
import { type FormEvent, useState } from "react"
import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { validate, warm } from "../../lib/form.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { AuthCard } from "./auth-card.tsx"

const payload = () => import("#modules/identity/api.ts").then((api) => api.EmailPayload)

export const ForgotPasswordPage = () => {
  const [email, setEmail] = useState("")
  const [error, setError] = useState<string>()
  const request = useMutation({
    mutationFn: (payload: { readonly email: string }) =>
      callApi((api) => api.identity.forgotPassword({ payload })),
    onSuccess: (answer) =>
      toast({
        title: "Request submitted",
        description:
          answer.message ||
          "If your email exists in our system, a password reset link has been sent.",
        variant: "success",
      }),
    onError: (failure) =>
      toast({
        title: "Error",
        description: errorMessage(failure, "Failed to process request"),
        variant: "destructive",
      }),
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = await validate(payload, { email })
    if (!checked.ok) return setError(checked.errors.email)
    setError(undefined)
    request.mutate(checked.value)
  }

  return (
    <AuthCard title="Forgot your password?" subtitle="We will mail you a link to choose a new one.">
      {request.isSuccess ? (
        <div className="flex flex-col items-center gap-3 text-center">
          <MailCheck className="h-12 w-12 text-success" aria-hidden />
          <h2 className="font-display text-xl font-bold">
            Check your email for a password reset link
          </h2>
          <p className="text-sm text-muted">
            If your email exists in our system, you'll receive a password reset link shortly. Please
            check your inbox (and spam folder).
          </p>
          <Button variant="secondary" className="mt-4 w-full" onClick={() => request.reset()}>
            Try again
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} onInput={warm(payload)} noValidate className="grid gap-5">
          <Field label="Email" error={error}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
              />
            )}
          </Field>
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending ? "Submitting..." : "Send Reset Link"}
          </Button>
        </form>
      )}
      <Link
        to="/auth"
        className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-muted hover:text-text"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to login
      </Link>
    </AuthCard>
  )
}
