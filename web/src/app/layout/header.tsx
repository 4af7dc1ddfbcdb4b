import { Link } from "react-router"
import { Logo } from "../../components/ui/logo.tsx"

/** The top bar. Navigation for signed-in users, admins and visitors arrives with accounts. */
export const Header = () => (
  <header className="glass sticky top-0 z-40 border-b border-line/70">
    <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
      <Link to="/" aria-label="Melody Studio home" className="rounded-lg">
        <Logo />
      </Link>
      <nav aria-label="Main" className="flex items-center gap-1" />
    </div>
  </header>
)
