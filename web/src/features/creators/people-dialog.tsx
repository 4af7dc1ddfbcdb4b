import { useQuery } from "@tanstack/react-query"
import { Link } from "react-router"
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { CreatorAvatar } from "./creator-avatar.tsx"
import { peopleQuery } from "./creator-queries.ts"
import { type PeopleKind, PeopleTrigger } from "./people-button.tsx"

const titles: Record<PeopleKind, (name: string) => string> = {
  followers: (name) => `Followers of ${name}`,
  following: (name) => `Followed by ${name}`,
}

const empty: Record<PeopleKind, string> = {
  followers: "Nobody follows them yet.",
  following: "They follow nobody yet.",
}

/** Who follows a creator, or whom they follow, each a link to their page; open when it first shows. */
export const PeopleDialog = ({
  username,
  name,
  kind,
  count,
}: {
  readonly username: string
  readonly name: string
  readonly kind: PeopleKind
  readonly count: number
}) => {
  const people = useQuery(peopleQuery(username, kind))
  return (
    <Dialog defaultOpen>
      <DialogTrigger asChild>
        <PeopleTrigger kind={kind} count={count} />
      </DialogTrigger>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>{titles[kind](name)}</DialogTitle>
        {people.isPending ? (
          <Spinner className="mx-auto my-6" />
        ) : people.isError ? (
          <p className="mt-4 text-danger">Failed to fetch this list. Please try again.</p>
        ) : people.data.length === 0 ? (
          <p className="mt-4 text-muted">{empty[kind]}</p>
        ) : (
          <ul className="mt-4 max-h-[60vh] space-y-1 overflow-y-auto">
            {people.data.map((person) => (
              <li key={person.username}>
                <DialogClose asChild>
                  <Link
                    to={`/u/${person.username}`}
                    className="flex items-center gap-3 rounded-xl p-2 transition hover:bg-surface-raised"
                  >
                    <CreatorAvatar
                      username={person.username}
                      name={person.name}
                      src={person.avatarUrl}
                      className="h-9 w-9 text-sm"
                    />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">
                        {person.name || person.username}
                      </span>
                      <span className="block truncate text-xs text-muted">@{person.username}</span>
                    </span>
                  </Link>
                </DialogClose>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  )
}
