import { ChevronDown } from "lucide-react"
import { useId, useState } from "react"
import type { StoredEvent } from "#app/admin-api.ts"
import { Button } from "../../components/ui/button.tsx"
import { cn } from "../../lib/cn.ts"
import { actorOf, formatJson, formatTime } from "./format.ts"
import { Td } from "./table.tsx"

/** One stored event; its data and metadata are folded away until asked for. */
export const EventRow = ({ event }: { readonly event: StoredEvent }) => {
  const [open, setOpen] = useState(false)
  const dataId = useId()
  return (
    <>
      <tr>
        <Td className="tabular-nums">{event.streamVersion}</Td>
        <Td className="font-semibold">{event.type}</Td>
        <Td className="whitespace-nowrap text-muted tabular-nums">
          {formatTime(event.recordedAt)}
        </Td>
        <Td className="text-xs break-all text-muted">{actorOf(event.metadata)}</Td>
        <Td className="text-right">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={dataId}
            aria-label={`Data of version ${event.streamVersion}`}
            onClick={() => setOpen(!open)}
          >
            <ChevronDown className={cn("h-4 w-4 transition", open && "rotate-180")} aria-hidden />
            Data
          </Button>
        </Td>
      </tr>
      <tr id={dataId} hidden={!open}>
        <Td colSpan={5} className="bg-ink/40">
          <pre className="max-h-72 overflow-auto text-xs text-muted">{formatJson(event.data)}</pre>
          <p className="mt-3 text-xs font-semibold text-faint">
            Metadata · event {event.eventId} · global position {event.globalPosition} · schema v
            {event.schemaVersion}
          </p>
          <pre className="mt-1 max-h-40 overflow-auto text-xs text-muted">
            {formatJson(event.metadata)}
          </pre>
        </Td>
      </tr>
    </>
  )
}
