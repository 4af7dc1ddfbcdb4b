import { useId, useState } from "react"
import type { ErrorLog } from "#projections/admin/api.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { DetailsToggle } from "./details-toggle.tsx"
import { formatJson, formatTime } from "./format.ts"
import { OpenStreamButton } from "./open-stream-button.tsx"
import { Td } from "./table.tsx"

const sourceTone = {
  client: "accent",
  server: "danger",
  job: "warning",
  subscription: "danger",
  provider: "warning",
} as const

const toneOf = (source: string) =>
  source in sourceTone ? sourceTone[source as keyof typeof sourceTone] : "default"

/** One error, with its stack and context a click away. */
export const ErrorRow = ({
  entry,
  onOpenStream,
}: {
  readonly entry: ErrorLog
  readonly onOpenStream: (streamId: string) => void
}) => {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  return (
    <>
      <tr>
        <Td className="whitespace-nowrap text-muted tabular-nums">{formatTime(entry.createdAt)}</Td>
        <Td>
          <Badge tone={toneOf(entry.source)}>{entry.source}</Badge>
        </Td>
        <Td className="max-w-md break-words">{entry.error}</Td>
        <Td className="text-xs text-muted">{entry.userId ?? "nobody signed in"}</Td>
        <Td className="whitespace-nowrap text-right">
          <DetailsToggle
            open={open}
            controls={detailsId}
            label="Details"
            onToggle={() => setOpen(!open)}
          />
          <OpenStreamButton streamId={entry.streamId} onOpen={onOpenStream} />
        </Td>
      </tr>
      <tr id={detailsId} hidden={!open}>
        <Td colSpan={5} className="bg-ink/40">
          <p className="text-xs font-semibold text-faint">Stack</p>
          <pre className="mt-1 max-h-64 overflow-auto text-xs whitespace-pre-wrap text-muted">
            {entry.stack ?? "No stack recorded"}
          </pre>
          <p className="mt-3 text-xs font-semibold text-faint">Context</p>
          <pre className="mt-1 max-h-64 overflow-auto text-xs text-muted">
            {formatJson(entry.context)}
          </pre>
        </Td>
      </tr>
    </>
  )
}
