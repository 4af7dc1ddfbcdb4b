import { ListEnd, ListStart } from "lucide-react"
import { Button } from "../ui/button.tsx"
import type { PlayerSong } from "./queue.ts"
import * as queue from "./queue-controls.ts"

/** "Play next" and "Add to queue", for a song's other actions: each starts the player when nothing plays. */
export const QueueButtons = ({ song }: { readonly song: PlayerSong }) => (
  <>
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Play ${song.title} next`}
      onClick={() => queue.playNext(song)}
    >
      <ListStart className="h-4 w-4" aria-hidden /> Play next
    </Button>
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Add ${song.title} to the queue`}
      onClick={() => queue.addToQueue(song)}
    >
      <ListEnd className="h-4 w-4" aria-hidden /> Add to queue
    </Button>
  </>
)
