import { LogOut, RotateCcw, Settings } from "lucide-react"
import { Link, useNavigate } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { LibraryDownload } from "../../features/library/library-download.tsx"
import { NotificationBell } from "../../features/notifications/notification-bell.tsx"
import { errorMessage } from "../../lib/api.ts"
import { cn } from "../../lib/cn.ts"
import { storageKeys } from "../../lib/reset.ts"
import type { User } from "../../lib/session.ts"
import { useLogout } from "../../lib/session-changes.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { CreditBalance } from "./credit-balance.tsx"

/** Show the splash again: for administrators checking the first impression. */
const replaySplash = () => {
  localStorage.removeItem(storageKeys.hasSeenSplash)
  window.location.reload()
}

const useSignOut = () => {
  const logout = useLogout()
  const navigate = useNavigate()
  return {
    pending: logout.isPending,
    run: () =>
      logout.mutate(undefined, {
        onSuccess: () => navigate("/auth", { replace: true }),
        onError: (error) =>
          toast({
            title: "Logout failed",
            description: errorMessage(error),
            variant: "destructive",
          }),
      }),
  }
}

/**
 * Who is signed in, their notifications, their credits and their library's download (or the administrator's splash replay),
 * their settings and the sign-out button.
 */
export const Account = ({
  user,
  compact = false,
}: {
  readonly user: User
  readonly compact?: boolean
}) => {
  const signOut = useSignOut()
  return (
    <div className={cn("flex items-center gap-2", compact && "flex-col items-stretch")}>
      <span className={cn("text-sm text-muted", compact ? "text-center" : "hidden lg:inline")}>
        Welcome, {user.name}
      </span>
      <NotificationBell />
      {!user.isAdmin && <CreditBalance />}
      {user.isAdmin && (
        <Button
          variant="ghost"
          size={compact ? "md" : "icon"}
          onClick={replaySplash}
          title="Show the splash screen again"
          aria-label="Show the splash screen again"
        >
          <RotateCcw className="h-4 w-4" aria-hidden />
          {compact && "Show the splash screen again"}
        </Button>
      )}
      <LibraryDownload label={compact} size={compact ? "md" : "icon"} variant="ghost" />
      <Button asChild variant="ghost" size={compact ? "md" : "icon"}>
        <Link to="/settings" title="Settings" aria-label="Settings">
          <Settings className="h-4 w-4" aria-hidden />
          {compact && "Settings"}
        </Link>
      </Button>
      <Button variant="secondary" size="sm" disabled={signOut.pending} onClick={signOut.run}>
        <LogOut className="h-4 w-4" aria-hidden /> Logout
      </Button>
    </div>
  )
}
