import { useId, useState } from "react"
import type { StoredEvent } from "#projections/admin/api.ts"
import { DetailsToggle } from "./details-toggle.tsx"
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
          <DetailsToggle
            open={open}
            controls={dataId}
            label="Data"
            ariaLabel={`Data of version ${event.streamVersion}`}
            onToggle={() => setOpen(!open)}
          />
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
