import { useMutation, useQuery } from "@tanstack/react-query"
import { CheckCircle2 } from "lucide-react"
import { type FormEvent, useState } from "react"
import { Link, useSearchParams } from "react-router"
import { Alert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { AuthCard } from "./auth-card.tsx"

const tooShort = "Password must be at least 6 characters"

export const ResetPasswordPage = () => {
  const [params] = useSearchParams()
  const token = params.get("token") ?? ""
  const [values, setValues] = useState({ password: "", confirm: "" })
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({})
  const validity = useQuery({
    queryKey: ["auth", "reset-token", token],
    queryFn: () => callApi((api) => api.identity.validateResetToken({ urlParams: { token } })),
    enabled: token !== "",
    retry: false,
  })
  const reset = useMutation({
    mutationFn: (password: string) =>
      callApi((api) => api.identity.resetPassword({ payload: { token, password } })),
    onSuccess: () =>
      toast({
        title: "Password Reset Successful",
        description:
          "Your password has been reset successfully. You can now log in with your new password.",
        variant: "success",
      }),
    onError: (error) =>
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to reset password"),
        variant: "destructive",
      }),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = {
      ...(values.password.length < 6 ? { password: tooShort } : {}),
      ...(values.confirm.length < 6
        ? { confirm: tooShort }
        : values.confirm !== values.password
          ? { confirm: "Passwords do not match" }
          : {}),
    }
    setErrors(found)
    if (Object.keys(found).length === 0) reset.mutate(values.password)
  }

  const body = (() => {
    if (token !== "" && validity.isPending) {
      return (
        <div className="flex flex-col items-center gap-4 py-6 text-center">
          <Spinner className="h-8" />
          <p className="text-muted">Validating your reset token...</p>
        </div>
      )
    }
    if (reset.isSuccess) {
      return (
        <div className="flex flex-col items-center gap-3 text-center">
          <CheckCircle2 className="h-12 w-12 text-success" aria-hidden />
          <h2 className="font-display text-xl font-bold">Password Reset Successful</h2>
          <p className="text-sm text-muted">Your password has been reset successfully.</p>
          <Button asChild size="lg" className="mt-4 w-full">
            <Link to="/auth">Go to Login</Link>
          </Button>
        </div>
      )
    }
    if (token === "" || !validity.data?.valid) {
      return (
        <div className="grid gap-5">
          <Alert tone="danger" title="Invalid or Expired Token">
            The password reset link is invalid or has expired. Please request a new password reset
            link.
          </Alert>
          <Button asChild size="lg">
            <Link to="/forgot-password">Request New Link</Link>
          </Button>
        </div>
      )
    }
    return (
      <form onSubmit={submit} noValidate className="grid gap-5">
        <Field label="New Password" error={errors.password}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
              autoFocus
            />
          )}
        </Field>
        <Field label="Confirm Password" error={errors.confirm}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              value={values.confirm}
              onChange={(e) => setValues((v) => ({ ...v, confirm: e.target.value }))}
            />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? "Resetting Password..." : "Reset Password"}
        </Button>
      </form>
    )
  })()

  return (
    <AuthCard title="Choose a new password">
      {body}
      <Link to="/auth" className="mt-6 inline-block text-sm font-medium text-muted hover:text-text">
        Back to login
      </Link>
    </AuthCard>
  )
}
