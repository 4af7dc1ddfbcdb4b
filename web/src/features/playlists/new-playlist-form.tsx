import { Plus } from "lucide-react"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Input } from "../../components/ui/input.tsx"
import { cn } from "../../lib/cn.ts"
import { useNewPlaylist } from "./playlist-queries.ts"

/**
 * A new playlist's name and the button that makes it (with `songId` as its first song, where given);
 * `made` is told its id, and the field empties.
 */
export const NewPlaylistForm = ({
  songId,
  made,
  button,
  stacked = false,
}: {
  readonly songId?: string
  readonly made: (id: string) => void
  readonly button: string
  /** The button under the field, rather than beside it. */
  readonly stacked?: boolean
}) => {
  const [name, setName] = useState("")
  const create = useNewPlaylist((id) => {
    setName("")
    made(id)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() !== "") create.mutate({ name, ...(songId ? { songId } : {}) })
  }
  return (
    <form onSubmit={submit} className={cn("gap-2", stacked ? "grid" : "flex")}>
      <Input
        aria-label="New playlist's name"
        placeholder="New playlist"
        value={name}
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
      />
      <Button
        type="submit"
        size={stacked ? "sm" : "md"}
        variant={stacked ? "secondary" : "primary"}
        disabled={create.isPending || name.trim() === ""}
      >
        <Plus className="h-4 w-4" aria-hidden /> {button}
      </Button>
    </form>
  )
}
