import { Play, X } from "lucide-react"
import { cn } from "../../lib/cn.ts"
import * as player from "./player.ts"
import type { PlayerState } from "./player-state.ts"
import * as queue from "./queue-controls.ts"

/** What plays, in order: a song plays when pressed, and comes out of the queue with its ✕. */
export const QueuePanel = ({ id, state }: { readonly id: string; readonly state: PlayerState }) => (
  <ol
    id={id}
    aria-label="Queue"
    className="mx-auto max-h-72 max-w-6xl overflow-y-auto border-t border-line/60 px-4 py-2"
  >
    {state.queue.songs.map((song, index) => (
      <li
        // A song may be queued twice: its place tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        key={`${song.id}-${index}`}
        aria-current={index === state.queue.at ? "true" : undefined}
        className={cn(
          "flex items-center gap-2 rounded-lg px-2 py-1 text-sm",
          index === state.queue.at && "bg-stage/10 font-semibold",
        )}
      >
        <button
          type="button"
          onClick={() => player.jump(index)}
          aria-label={`Play ${song.title} from the queue`}
          className="grid h-7 w-7 place-items-center rounded-full text-muted hover:bg-line/60 hover:text-text"
        >
          <Play className="h-3.5 w-3.5" aria-hidden />
        </button>
        <span className="min-w-0 flex-1 truncate">{song.title}</span>
        {song.by && <span className="hidden truncate text-xs text-faint sm:inline">{song.by}</span>}
        <button
          type="button"
          onClick={() => queue.remove(index)}
          aria-label={`Remove ${song.title} from the queue`}
          className="grid h-7 w-7 place-items-center rounded-full text-faint hover:bg-line/60 hover:text-text"
        >
          <X className="h-3.5 w-3.5" aria-hidden />
        </button>
      </li>
    ))}
  </ol>
)
