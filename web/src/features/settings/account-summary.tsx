import { Link } from "react-router"
import { Badge } from "../../components/ui/badge.tsx"
import type { User } from "../../lib/session.ts"

/** Who the account is: its name and picture live on the creator page, its address here. */
export const AccountSummary = ({ user }: { readonly user: User }) => (
  <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
    <dt className="text-muted">Name</dt>
    <dd>{user.name}</dd>
    <dt className="text-muted">Username</dt>
    <dd>@{user.username}</dd>
    <dt className="text-muted">E-mail</dt>
    <dd className="flex flex-wrap items-center gap-2">
      <span className="break-all">{user.email}</span>
      {user.emailVerified ? (
        <Badge tone="success">Verified</Badge>
      ) : (
        <Badge tone="warning">Not verified</Badge>
      )}
    </dd>
    <dt className="text-muted">Picture and bio</dt>
    <dd>
      <Link to={`/u/${user.username}`} className="font-semibold text-primary hover:underline">
        Edit them on your creator page
      </Link>
    </dd>
  </dl>
)
