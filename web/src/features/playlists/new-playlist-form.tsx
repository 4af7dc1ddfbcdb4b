import { Plus } from "lucide-react"
import { type FormEvent, useId, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Input } from "../../components/ui/input.tsx"
import { cn } from "../../lib/cn.ts"
import { contentRefusal } from "../../lib/form.ts"
import { useNewPlaylist } from "./playlist-queries.ts"

/**
 * A new playlist's name and the button that makes it (with `songId` as its first song, where given);
 * `made` is told its id, and the field empties. A name the content checks refuse is said under it.
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
  const errorId = useId()
  const create = useNewPlaylist((id) => {
    setName("")
    made(id)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() !== "") create.mutate({ name, ...(songId ? { songId } : {}) })
  }
  const refused = create.isError ? contentRefusal(create.error) : undefined
  return (
    <form onSubmit={submit} className="grid gap-1.5">
      <div className={cn("gap-2", stacked ? "grid" : "flex")}>
        <Input
          aria-label="New playlist's name"
          aria-invalid={refused !== undefined}
          {...(refused ? { "aria-describedby": errorId } : {})}
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
      </div>
      {refused && (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger">
          {refused.message}
        </p>
      )}
    </form>
  )
}
