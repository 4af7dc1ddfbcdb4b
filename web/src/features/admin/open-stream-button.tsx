import { ScrollText } from "lucide-react"
import { Button } from "../../components/ui/button.tsx"

export const OpenStreamButton = ({
  streamId,
  onOpen,
}: {
  readonly streamId: string
  readonly onOpen: (streamId: string) => void
}) => (
  <Button
    variant="ghost"
    size="sm"
    aria-label={`Open stream ${streamId}`}
    title={streamId}
    onClick={() => onOpen(streamId)}
  >
    <ScrollText className="h-4 w-4" aria-hidden /> Open stream
  </Button>
)
