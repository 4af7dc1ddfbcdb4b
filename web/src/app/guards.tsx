import { lazy, Suspense } from "react"
import { Navigate, Outlet, useLocation } from "react-router"
import { PageSpinner } from "../components/ui/page-spinner.tsx"
import { useCurrentUser } from "../lib/session.ts"
import { NotFoundPage } from "./routes/not-found.tsx"

// Only a signed-in person who has not verified their address sees it: nobody else downloads it.
const VerificationOverlay = lazy(() =>
  import("../features/auth/verification-overlay.tsx").then((m) => ({
    default: m.VerificationOverlay,
  })),
)

/** Signed-in users only: a spinner while the session loads, the sign-in page for visitors. */
export const RequireUser = () => {
  const { data: user, isPending } = useCurrentUser()
  const location = useLocation()
  if (isPending) return <PageSpinner label="Loading your session" />
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />
  return (
    <>
      <Outlet />
      {!user.emailVerified && (
        <Suspense fallback={null}>
          <VerificationOverlay user={user} />
        </Suspense>
      )}
    </>
  )
}

/** Administrators only; anyone else sees the not-found page (we do not reveal that it exists). */
export const RequireAdmin = () => {
  const { data: user, isPending } = useCurrentUser()
  if (isPending) return <PageSpinner label="Loading your session" />
  if (!user?.isAdmin) return <NotFoundPage />
  return (
    <>
      <Outlet />
      {!user.emailVerified && (
        <Suspense fallback={null}>
          <VerificationOverlay user={user} />
        </Suspense>
      )}
    </>
  )
}

/** The sign-in page is for visitors: a signed-in user goes home. */
export const VisitorsOnly = () => {
  const { data: user, isPending, isFetching } = useCurrentUser()
  // A person read again (just verified, and perhaps made an administrator) goes where the new read says.
  if (isPending || (user && isFetching)) return <PageSpinner label="Loading your session" />
  // The "Email Verified!" banner has taken ?verified=true already: it stays up across this redirect.
  if (user) return <Navigate to={user.isAdmin ? "/admin" : "/"} replace />
  return <Outlet />
}
