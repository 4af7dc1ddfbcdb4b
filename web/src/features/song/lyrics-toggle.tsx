import { ChevronDown } from "lucide-react"
import { lazy, Suspense, useId, useState } from "react"
import type { SongView } from "#projections/songs/api.ts"
import type { AudioState } from "../../components/player/use-player.ts"
import { cn } from "../../lib/cn.ts"

// A card's lyrics are read by few: the timed view's code comes with the first one opened.
const SyncedLyrics = lazy(() =>
  import("./synced-lyrics.tsx").then((module) => ({ default: module.SyncedLyrics })),
)

/** 'Show Lyrics' / 'Hide Lyrics': in time with the song where its maker knows when each line is sung. */
export const LyricsToggle = ({
  song,
  audio,
}: {
  readonly song: SongView
  readonly audio: AudioState
}) => {
  const [open, setOpen] = useState(false)
  const id = useId()
  const { lyrics } = song
  if (!lyrics.trim()) return null
  const plain = (
    <pre
      id={id}
      className="mt-2 max-h-72 overflow-y-auto rounded-xl bg-ink/60 p-3 font-mono text-[0.78rem] whitespace-pre-wrap text-muted"
    >
      {lyrics}
    </pre>
  )
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-1 text-xs font-semibold text-primary hover:text-pink"
      >
        {open ? "Hide Lyrics" : "Show Lyrics"}
        <ChevronDown className={cn("h-3.5 w-3.5 transition", open && "rotate-180")} aria-hidden />
      </button>
      {open &&
        (song.lrcUrl ? (
          <Suspense fallback={plain}>
            <div id={id} className="mt-2">
              <SyncedLyrics
                songId={song.id}
                lyrics={lyrics}
                audio={audio}
                className="max-h-72 rounded-xl bg-ink/60 p-2 text-[0.8rem]"
              />
            </div>
          </Suspense>
        ) : (
          plain
        ))}
    </div>
  )
}
