import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Monitor } from "lucide-react"
import { Badge } from "../../components/ui/badge.tsx"
import { Button } from "../../components/ui/button.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { postedAgo } from "../../lib/posted-ago.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { sessionsQuery } from "./settings-queries.ts"

const useEndSessions = () => {
  const queryClient = useQueryClient()
  const after = {
    onSuccess: ({ message }: { readonly message: string }) => {
      toast({ title: message, variant: "success" })
      return queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey })
    },
    onError: (error: unknown) =>
      toast({ title: "Error", description: errorMessage(error), variant: "destructive" }),
  }
  return {
    one: useMutation({
      mutationFn: (key: string) => callApi((api) => api.account.endSession({ path: { key } })),
      ...after,
    }),
    others: useMutation({
      mutationFn: () => callApi((api) => api.account.endOtherSessions()),
      ...after,
    }),
  }
}

/** Where the account is signed in: each session's device, place and last use; any but this one can end. */
export const SessionsList = () => {
  const sessions = useQuery(sessionsQuery)
  const end = useEndSessions()
  if (sessions.isPending) return <p className="text-sm text-muted">Loading your sessions...</p>
  if (sessions.isError)
    return <p className="text-sm text-danger">Your sessions could not be loaded. Please refresh.</p>
  const others = sessions.data.sessions.filter((session) => !session.current)
  return (
    <div className="grid gap-4">
      <ul className="grid gap-2" aria-label="Signed-in sessions">
        {sessions.data.sessions.map((session) => (
          <li
            key={session.key}
            aria-label={`${session.device}, ${session.place}`}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface-raised/50 p-3"
          >
            <Monitor className="h-5 w-5 text-muted" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {session.device} {session.current && <Badge tone="accent">This session</Badge>}
              </p>
              <p className="text-sm text-muted">
                {session.place} · last seen {postedAgo(session.lastSeenAt)}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="secondary"
                size="sm"
                disabled={end.one.isPending}
                onClick={() => end.one.mutate(session.key)}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <div>
          <Button
            variant="secondary"
            disabled={end.others.isPending}
            onClick={() => end.others.mutate()}
          >
            Sign out of all other sessions
          </Button>
        </div>
      )}
    </div>
  )
}
