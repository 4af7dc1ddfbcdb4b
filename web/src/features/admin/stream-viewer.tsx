import { useQuery } from "@tanstack/react-query"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../components/ui/dialog.tsx"
import { streamQuery } from "./admin-queries.ts"
import { EventRow } from "./event-row.tsx"
import { Failed, Loading } from "./list-states.tsx"
import { Table } from "./table.tsx"

const StreamEvents = ({ streamId }: { readonly streamId: string }) => {
  const stream = useQuery(streamQuery(streamId))
  if (stream.isPending) return <Loading label="Loading the stream" />
  if (stream.isError) return <Failed error={stream.error} />
  return (
    <Table caption={`Events of ${streamId}`} head={["Version", "Type", "Time", "Actor", "Data"]}>
      {stream.data.events.map((event) => (
        <EventRow key={event.eventId} event={event} />
      ))}
    </Table>
  )
}

/** Every event of one stream, exactly as stored (secrets masked): what led to a row, step by step. */
export const StreamViewer = ({
  streamId,
  onClose,
}: {
  readonly streamId: string | null
  readonly onClose: () => void
}) => (
  <Dialog open={streamId !== null} onOpenChange={(open) => !open && onClose()}>
    <DialogContent className="max-h-[88vh] w-[min(94vw,56rem)] overflow-y-auto">
      <DialogTitle className="pr-8 break-all">{streamId}</DialogTitle>
      <DialogDescription>
        Its events in version order, as stored; anything that looks secret is masked.
      </DialogDescription>
      <div className="mt-4">{streamId && <StreamEvents streamId={streamId} />}</div>
    </DialogContent>
  </Dialog>
)
