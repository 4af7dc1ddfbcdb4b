import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { OpenAppeal } from "#projections/moderation/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { Input } from "../../components/ui/input.tsx"
import { errorMessage } from "../../lib/api.ts"
import { useCurrentUser } from "../../lib/session.ts"
import { formatTime } from "./format.ts"
import { Empty, Failed, Loading } from "./list-states.tsx"
import { itemPlace, openAppealsQuery, useDecideAppeal } from "./moderation-queries.ts"

/** Restore the item or keep it hidden, with a reason its author reads; never the hiding admin's call. */
const AppealDecision = ({ appeal }: { readonly appeal: OpenAppeal }) => {
  const decide = useDecideAppeal()
  const [reason, setReason] = useState("")
  const own = useCurrentUser().data?.username === appeal.hiddenBy
  if (own)
    return <p className="text-xs text-faint">You hid it: another admin decides the appeal.</p>
  const send = (restored: boolean) =>
    decide.mutate({ kind: appeal.kind, id: appeal.id, restored, reason })
  return (
    <div className="grid gap-2">
      <Input
        maxLength={500}
        placeholder="Reason the author reads"
        aria-label={`Reason for the appeal of ${appeal.author}`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => send(true)}>
          Restore
        </Button>
        <Button size="sm" variant="ghost" disabled={decide.isPending} onClick={() => send(false)}>
          Keep hidden
        </Button>
      </div>
      {decide.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(decide.error, "The decision could not be recorded.")}
        </p>
      )}
    </div>
  )
}

/** Authors' appeals of hidden items, oldest first. */
export const AppealList = () => {
  const appeals = useQuery(openAppealsQuery)
  if (appeals.isPending) return <Loading label="Loading appeals" />
  if (appeals.isError) return <Failed error={appeals.error} />
  if (appeals.data.length === 0) return <Empty text="No open appeals." />
  return (
    <ul aria-label="Open appeals" className="space-y-3">
      {appeals.data.map((appeal) => {
        const place = itemPlace(appeal.kind, appeal.id, null)
        return (
          <li
            key={`${appeal.kind}-${appeal.id}`}
            className="grid gap-3 rounded-xl border border-line p-4 sm:grid-cols-[1fr_20rem]"
          >
            <div className="min-w-0 space-y-1 text-sm">
              <p className="text-xs uppercase tracking-wide text-faint">
                {appeal.kind} by {appeal.author} · {formatTime(appeal.appealedAt)}
              </p>
              <p>
                Hidden by {appeal.hiddenBy}: {appeal.hiddenReason}
              </p>
              <p className="whitespace-pre-wrap break-words text-muted">“{appeal.text}”</p>
              {place && (
                <a className="text-accent underline" href={place} target="_blank" rel="noreferrer">
                  Open in its place
                </a>
              )}
            </div>
            <AppealDecision appeal={appeal} />
          </li>
        )
      })}
    </ul>
  )
}
