import { lazy, Suspense, useSyncExternalStore } from "react"
import { Link, Outlet } from "react-router"
import { VerifiedNotice } from "../../features/auth/verified-notice.tsx"
import { useLiveStream } from "../../lib/live-stream.ts"
import { Header } from "./header.tsx"

// The player and its bar load after the page: no page's first load carries them, and what the server
// drew is hydrated without them.
const PlayerSlot = lazy(() =>
  import("../../components/player/player-slot.tsx").then((module) => ({
    default: module.PlayerSlot,
  })),
)
const stays = () => () => {}
const onClient = () => true
const onServer = () => false

/**
 * Header with navigation, the page, and a quiet footer; for a signed-in person, live notices; the player's
 * bar at the foot of every page once something plays, kept while the pages change under it.
 */
export const MainLayout = () => {
  useLiveStream()
  const hydrated = useSyncExternalStore(stays, onClient, onServer)
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <VerifiedNotice />
        <Outlet />
      </main>
      <footer className="border-t border-line/60 py-6 text-center text-xs text-faint print:hidden">
        <span>Melody Studio · Songs from ideas</span>
        <span className="mx-2">·</span>
        <Link to="/terms" className="hover:text-muted">
          Terms
        </Link>
        <span className="mx-2">·</span>
        <Link to="/privacy" className="hover:text-muted">
          Privacy
        </Link>
      </footer>
      {hydrated && (
        <Suspense fallback={null}>
          <PlayerSlot />
        </Suspense>
      )}
    </div>
  )
}
