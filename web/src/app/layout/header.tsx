import { Menu, X } from "lucide-react"
import { lazy, Suspense, useState } from "react"
import { Link, NavLink as RouterNavLink, useLocation } from "react-router"
import { Badge } from "../../components/ui/badge.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Logo } from "../../components/ui/logo.tsx"
import { cn } from "../../lib/cn.ts"
import { useCurrentUser } from "../../lib/session.ts"
import { HeaderSearch } from "./header-search.tsx"
import { adminLinks, creatorLinks, type NavLink } from "./nav-links.ts"

// The account's menu and balance popover are for signed-in people only: a visitor's first load skips them.
const Account = lazy(() => import("./account.tsx").then((m) => ({ default: m.Account })))

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap xl:px-3 transition",
    isActive ? "bg-surface-raised text-text" : "text-muted hover:text-text",
  )

const Links = ({
  links,
  onNavigate,
}: {
  readonly links: ReadonlyArray<NavLink>
  readonly onNavigate?: () => void
}) => (
  <>
    {links.map((link) => (
      <RouterNavLink
        key={link.to}
        to={link.to}
        end={link.end ?? false}
        className={linkClass}
        onClick={onNavigate}
      >
        {link.label}
        {link.beta && <Badge tone="accent">Beta</Badge>}
      </RouterNavLink>
    ))}
  </>
)

/** The top bar: the logo, the links this person may use, their account; a full-screen menu below md. */
export const Header = () => {
  const { data: user } = useCurrentUser()
  const location = useLocation()
  // The menu belongs to the page it was opened on: going anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const menuOpen = openOn === location.pathname
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location.pathname : null)
  const links = user ? (user.isAdmin ? adminLinks : creatorLinks) : []

  return (
    <>
      <header className="glass sticky top-0 z-30 border-b border-line/70 print:hidden">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to={user ? "/" : "/auth"} aria-label="Melody Studio home" className="rounded-lg">
            <Logo />
          </Link>
          <nav
            aria-label="Main"
            className="hidden min-w-0 flex-1 items-center gap-1 overflow-x-auto md:flex"
          >
            <Links links={links} />
          </nav>
          <HeaderSearch />
          <div className="hidden shrink-0 md:block">
            {user ? (
              <Suspense fallback={null}>
                <Account user={user} />
              </Suspense>
            ) : (
              <Button asChild size="sm">
                <Link to="/auth">Sign in</Link>
              </Button>
            )}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
          </Button>
        </div>
      </header>
      {/* Outside the header: its backdrop filter would make it the frame of anything fixed inside it. */}
      {menuOpen && (
        <div className="fixed inset-x-0 top-16 bottom-0 z-30 flex animate-rise flex-col gap-6 overflow-y-auto bg-ink p-6 md:hidden">
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            <Links links={links} onNavigate={() => setMenuOpen(false)} />
          </nav>
          {user ? (
            <Suspense fallback={null}>
              <Account user={user} compact />
            </Suspense>
          ) : (
            <Button asChild size="lg">
              <Link to="/auth">Sign in</Link>
            </Button>
          )}
        </div>
      )}
    </>
  )
}
