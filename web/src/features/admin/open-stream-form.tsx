import { ScrollText } from "lucide-react"
import { type FormEvent, useId, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Input } from "../../components/ui/input.tsx"

/** Any stream by its id (`song-…`, `generation-…`, `video-…`), for when no row points at it. */
export const OpenStreamForm = ({ onOpen }: { readonly onOpen: (streamId: string) => void }) => {
  const [streamId, setStreamId] = useState("")
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const wanted = streamId.trim()
    if (wanted) onOpen(wanted)
  }
  return (
    <form onSubmit={submit} className="flex items-center gap-2" aria-label="Open a stream">
      <label htmlFor={id} className="sr-only">
        Stream id
      </label>
      <Input
        id={id}
        value={streamId}
        maxLength={200}
        placeholder="Stream id, e.g. generation-…"
        onChange={(e) => setStreamId(e.target.value)}
        className="h-10 w-64"
      />
      <Button type="submit" variant="secondary" disabled={streamId.trim() === ""}>
        <ScrollText className="h-4 w-4" aria-hidden /> Open
      </Button>
    </form>
  )
}
