import { useMutation } from "@tanstack/react-query"
import { MailWarning } from "lucide-react"
import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import type { User } from "../../lib/session.ts"
import { useLogout } from "../../lib/session-changes.ts"
import { useSite } from "../../lib/site.ts"
import { toast } from "../../lib/toast/toast-store.ts"

/** Covers the app until the signed-in user has followed the link in their verification mail. */
export const VerificationOverlay = ({ user }: { readonly user: User }) => {
  const site = useSite()
  const logout = useLogout()
  const resend = useMutation({
    mutationFn: () =>
      callApi((api) => api.identity.resendVerification({ payload: { email: user.email } })),
    onMutate: () => toast({ title: "Sending verification email..." }),
    onSuccess: (answer) => toast({ title: answer.message, variant: "success" }),
    onError: (error) =>
      toast({
        title: "Failed to resend verification email.",
        description: errorMessage(error, "Please try again in a moment."),
        variant: "destructive",
      }),
  })
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="verification-title"
      className="fixed inset-0 z-40 grid place-items-center bg-ink/90 p-4 backdrop-blur-md"
    >
      <div className="w-full max-w-md animate-rise rounded-[var(--radius-card)] border border-line bg-surface p-8 text-center shadow-2xl shadow-black/50">
        <div className="mx-auto grid h-14 w-14 place-items-center rounded-2xl bg-amber/15">
          <MailWarning className="h-7 w-7 text-amber" aria-hidden />
        </div>
        <h2 id="verification-title" className="mt-5 font-display text-2xl font-bold">
          Email Verification Required
        </h2>
        <p className="mt-3 text-sm text-muted">
          We sent a verification link to <strong className="text-text">{user.email}</strong>. Follow
          it to unlock everything in Melody Studio.
        </p>
        <Button
          size="lg"
          className="mt-6 w-full"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? "Sending..." : "Resend verification email"}
        </Button>
        {site.data?.devMailbox && (
          <Button asChild variant="secondary" className="mt-3 w-full">
            <Link to="/dev/mailbox">Open the development mailbox</Link>
          </Button>
        )}
        <Button
          variant="ghost"
          className="mt-3 w-full"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          Log out
        </Button>
      </div>
    </div>
  )
}
