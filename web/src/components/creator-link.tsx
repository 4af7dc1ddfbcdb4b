import { Link } from "react-router"

/** Where a creator's page is. */
export const creatorPath = (username: string) => `/u/${encodeURIComponent(username)}`

/** A creator's name, opening their page; songs whose creator is unknown show the spec's words. */
export const CreatorLink = ({
  username,
  className,
}: {
  readonly username: string | null
  readonly className?: string
}) =>
  username === null ? (
    <span className={className}>Unknown Creator</span>
  ) : (
    <Link to={creatorPath(username)} className={className ?? "hover:underline"}>
      {username}
    </Link>
  )
