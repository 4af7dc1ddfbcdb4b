import { useQuery } from "@tanstack/react-query"
import { Search } from "lucide-react"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { cn } from "../../lib/cn.ts"
import { userSearchQuery } from "./admin-queries.ts"
import { formatTime } from "./format.ts"
import { Failed, Loading } from "./list-states.tsx"

export interface PickedUser {
  readonly userId: string
  readonly username: string
}

/** Finds people by a part of their username; picking one shows their ledger. */
export const UserSearch = ({
  picked,
  onPick,
}: {
  readonly picked: PickedUser | null
  readonly onPick: (user: PickedUser) => void
}) => {
  const [draft, setDraft] = useState("")
  const [query, setQuery] = useState("")
  const found = useQuery({ ...userSearchQuery(query), enabled: query !== "" })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setQuery(draft.trim())
  }
  return (
    <div className="grid gap-3">
      <form onSubmit={submit} aria-label="Find a user" className="flex items-end gap-2">
        <Field label="Username" className="flex-1">
          {(control) => (
            <Input
              {...control}
              value={draft}
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={draft.trim() === ""}>
          <Search className="h-4 w-4" aria-hidden /> Search
        </Button>
      </form>
      {query !== "" &&
        (found.isPending ? (
          <Loading label="Searching users" />
        ) : found.isError ? (
          <Failed error={found.error} />
        ) : found.data.length === 0 ? (
          <p className="text-sm text-muted">No user's name contains "{query}".</p>
        ) : (
          <ul aria-label="Matching users" className="flex flex-wrap gap-2">
            {found.data.map((user) => (
              <li key={user.userId}>
                <button
                  type="button"
                  aria-pressed={picked?.userId === user.userId}
                  onClick={() => onPick(user)}
                  className={cn(
                    "rounded-xl border px-3 py-2 text-left text-sm transition",
                    picked?.userId === user.userId
                      ? "border-primary bg-primary/10"
                      : "border-line hover:border-line-strong",
                  )}
                >
                  <span className="block font-semibold">{user.username}</span>
                  <span className="block text-xs text-faint">
                    since {formatTime(user.registeredAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  )
}
