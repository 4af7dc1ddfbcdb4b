import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { Outcome } from "#events/contracts/moderation.ts"
import type { ReportedItem } from "#projections/moderation/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { Textarea } from "../../components/ui/textarea.tsx"
import { errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { formatTime } from "./format.ts"
import { Empty, Failed, Loading } from "./list-states.tsx"
import {
  itemPlace,
  reportQueueQuery,
  suspensionLengths,
  untilAfter,
  useDecide,
} from "./moderation-queries.ts"

/** Dismiss, hide (its author reads the reason) or suspend the author, with a reason recorded. */
const Decision = ({ item }: { readonly item: ReportedItem }) => {
  const decide = useDecide()
  const [reason, setReason] = useState("")
  const [days, setDays] = useState(7)
  const label = `${item.kind} by ${item.author}`
  // The item leaves the queue once decided: what was done is told in a toast that outlives it.
  const send = (outcome: Outcome) =>
    decide.mutate(
      { kind: item.kind, id: item.id, outcome, reason, until: untilAfter(days) },
      {
        onSuccess: (answer) =>
          toast({ title: "Decided", description: answer.message, variant: "success" }),
      },
    )
  return (
    <div className="grid gap-2">
      <Textarea
        rows={2}
        maxLength={500}
        placeholder="Reason: recorded, and shown to the author when hidden"
        aria-label={`Reason for the decision on the ${label}`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="ghost"
          disabled={decide.isPending}
          onClick={() => send("dismissed")}
        >
          Dismiss
        </Button>
        {item.kind !== "creator" && (
          <Button size="sm" disabled={decide.isPending} onClick={() => send("hidden")}>
            Hide
          </Button>
        )}
        <select
          className="h-9 rounded-lg border border-line bg-ink px-2 text-sm"
          aria-label={`How long to suspend ${item.author}`}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {suspensionLengths.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        <Button
          size="sm"
          variant="danger"
          disabled={decide.isPending}
          onClick={() => send("author suspended")}
        >
          Suspend author
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

const ItemCard = ({ item }: { readonly item: ReportedItem }) => {
  const place = itemPlace(item.kind, item.id, item.songId)
  return (
    <li className="grid gap-3 rounded-xl border border-line p-4 sm:grid-cols-[1fr_22rem]">
      <div className="min-w-0 space-y-2">
        <p className="text-xs uppercase tracking-wide text-faint">
          {item.kind} by {item.author} · {item.count} report{item.count === 1 ? "" : "s"}
        </p>
        <p className="whitespace-pre-wrap break-words">{item.seen}</p>
        {place && (
          <a
            className="text-sm text-accent underline"
            href={place}
            target="_blank"
            rel="noreferrer"
          >
            Open in its place
          </a>
        )}
        <ul className="space-y-1 text-sm text-muted">
          {item.reports.map((report) => (
            <li key={`${report.reporter}-${report.filedAt.toISOString()}`}>
              <span className="font-medium text-text">{report.reason}</span>
              {report.details && `: ${report.details}`} · {report.reporter} ·{" "}
              {formatTime(report.filedAt)}
            </li>
          ))}
        </ul>
      </div>
      <Decision item={item} />
    </li>
  )
}

/** Open reports, grouped by item, the most reported first. */
export const ReportQueue = () => {
  const queue = useQuery(reportQueueQuery)
  if (queue.isPending) return <Loading label="Loading reports" />
  if (queue.isError) return <Failed error={queue.error} />
  if (queue.data.items.length === 0) return <Empty text="No open reports." />
  return (
    <section aria-label="Open reports" className="space-y-3">
      <p className="text-sm text-muted">
        {queue.data.total} reported item{queue.data.total === 1 ? "" : "s"}, the most reported
        first.
      </p>
      <ul className="space-y-3">
        {queue.data.items.map((item) => (
          <ItemCard key={`${item.kind}-${item.id}`} item={item} />
        ))}
      </ul>
    </section>
  )
}
