import { useQuery, useQueryClient } from "@tanstack/react-query"
import { CheckCircle2, XCircle } from "lucide-react"
import { useEffect } from "react"
import { Link, useSearchParams } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { currentUserQuery } from "../../lib/session.ts"
import { AuthCard } from "./auth-card.tsx"

const defaultFailure = "We couldn't verify your email. The link may have expired or is invalid."

/** Where the verification mail's link leads: verifies once (a query, so a re-render never asks twice). */
export const VerifyEmailPage = () => {
  const [params] = useSearchParams()
  const token = params.get("token") ?? ""
  const alreadyDone = params.get("success") === "true"
  const queryClient = useQueryClient()
  const verification = useQuery({
    queryKey: ["auth", "verify-email", token],
    queryFn: () => callApi((api) => api.identity.verifyEmail({ urlParams: { token } })),
    enabled: !alreadyDone && token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const succeeded = alreadyDone || verification.isSuccess

  useEffect(() => {
    if (!succeeded) return
    // A read of the account still under way began before the verification and would answer 'unverified'
    // (and be kept for minutes): it is dropped, and the account read again.
    const queryKey = currentUserQuery.queryKey
    void queryClient
      .cancelQueries({ queryKey })
      .then(() => queryClient.invalidateQueries({ queryKey, refetchType: "all" }))
  }, [succeeded, queryClient])

  if (!succeeded && token !== "" && verification.isPending) {
    return (
      <AuthCard title="Email verification">
        <div className="flex flex-col items-center gap-4 py-6 text-center">
          <Spinner className="h-8" />
          <p className="text-muted">Verifying your email address...</p>
        </div>
      </AuthCard>
    )
  }

  if (succeeded) {
    return (
      <AuthCard title="Email verification">
        <div className="flex flex-col items-center gap-3 text-center">
          <CheckCircle2 className="h-12 w-12 text-success" aria-hidden />
          <h2 className="font-display text-xl font-bold">Your email has been verified!</h2>
          <p className="text-sm text-muted">
            Thank you for verifying your email address. Your account is now fully activated.
          </p>
          <Button asChild size="lg" className="mt-4 w-full">
            <Link to="/auth?verified=true">Proceed to Login</Link>
          </Button>
        </div>
      </AuthCard>
    )
  }

  const message =
    token === ""
      ? "Verification token is missing."
      : errorMessage(verification.error, defaultFailure)
  return (
    <AuthCard title="Email verification">
      <div className="flex flex-col items-center gap-3 text-center">
        <XCircle className="h-12 w-12 text-danger" aria-hidden />
        <h2 className="font-display text-xl font-bold">Verification Failed</h2>
        <p className="text-sm text-muted">{message || defaultFailure}</p>
        <Button asChild size="lg" variant="secondary" className="mt-4 w-full">
          <Link to="/auth">Return to Login</Link>
        </Button>
      </div>
    </AuthCard>
  )
}
