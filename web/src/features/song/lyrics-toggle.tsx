import { ChevronDown } from "lucide-react"
import { useId, useState } from "react"
import type { SongView } from "#projections/songs/api.ts"
import type { AudioState } from "../../components/audio/use-audio.ts"
import { cn } from "../../lib/cn.ts"
import { SyncedLyrics } from "./synced-lyrics.tsx"

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
      {open && song.lrcUrl && (
        <div id={id} className="mt-2">
          <SyncedLyrics
            songId={song.id}
            lyrics={lyrics}
            audio={audio}
            className="max-h-72 rounded-xl bg-ink/60 p-2 text-[0.8rem]"
          />
        </div>
      )}
      {open && !song.lrcUrl && (
        <pre
          id={id}
          className="mt-2 max-h-72 overflow-y-auto rounded-xl bg-ink/60 p-3 font-mono text-[0.78rem] whitespace-pre-wrap text-muted"
        >
          {lyrics}
        </pre>
      )}
    </div>
  )
}
