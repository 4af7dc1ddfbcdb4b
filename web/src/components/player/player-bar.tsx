import {
  ListMusic,
  Pause,
  Play,
  Repeat,
  Repeat1,
  Shuffle,
  SkipBack,
  SkipForward,
} from "lucide-react"
import { useId, useState } from "react"
import { Link } from "react-router"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { cn } from "../../lib/cn.ts"
import { useMediaSession } from "./media-session.ts"
import * as player from "./player.ts"
import { usePlayerKeys } from "./player-keys.ts"
import * as queue from "./queue-controls.ts"
import { QueuePanel } from "./queue-panel.tsx"
import { VolumeInput } from "./song-controls.tsx"
import { usePlayer } from "./use-player.ts"
import { WaveformSeek } from "./waveform.tsx"

const control =
  "grid h-9 w-9 shrink-0 place-items-center rounded-full text-muted transition hover:bg-line/60 hover:text-text disabled:opacity-30"

const repeatLabel = { off: "Repeat: off", all: "Repeat: the queue", one: "Repeat: this song" }

/**
 * The one player, at the foot of every page while something is queued: the song, its controls, its
 * waveform to seek in, how loud, shuffle, repeat and the queue; the lock screen and the keys drive it too.
 */
export const PlayerBar = () => {
  const state = usePlayer()
  const song = state.queue.songs[state.queue.at]
  const [queueOpen, setQueueOpen] = useState(false)
  const queueId = useId()
  usePlayerKeys()
  useMediaSession(song, state)
  if (!song) return null
  return (
    <section
      aria-label="Now playing"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 shadow-2xl shadow-black/40 backdrop-blur print:hidden"
    >
      {queueOpen && <QueuePanel id={queueId} state={state} />}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
        <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
          {song.imageUrl ? (
            <img
              src={song.imageUrl}
              alt=""
              className="h-10 w-10 shrink-0 rounded-lg object-cover"
            />
          ) : (
            <div aria-hidden className="h-10 w-10 shrink-0 rounded-lg bg-stage/40" />
          )}
          <div className="min-w-0" aria-live="polite">
            {song.saved ? (
              <Link
                to={songPaths.page(song.id)}
                className="block truncate text-sm font-semibold hover:underline"
              >
                {song.title}
              </Link>
            ) : (
              <p className="truncate text-sm font-semibold">{song.title}</p>
            )}
            {song.by && <p className="truncate text-xs text-faint">{song.by}</p>}
          </div>
        </div>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={cn(control, state.shuffle && "text-primary")}
            aria-label="Shuffle"
            aria-pressed={state.shuffle}
            onClick={() => queue.setShuffle(!state.shuffle)}
          >
            <Shuffle className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={control}
            aria-label="Previous song"
            onClick={queue.previous}
          >
            <SkipBack className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={cn(control, "h-10 w-10 bg-stage text-white hover:bg-stage hover:text-white")}
            aria-label={state.playing ? `Pause ${song.title}` : `Play ${song.title}`}
            onClick={player.toggle}
          >
            {state.playing ? (
              <Pause className="h-4 w-4" aria-hidden />
            ) : (
              <Play className="ml-0.5 h-4 w-4" aria-hidden />
            )}
          </button>
          <button
            type="button"
            className={control}
            aria-label="Next song"
            disabled={queue.nextIndex() === undefined}
            onClick={queue.next}
          >
            <SkipForward className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={cn(control, state.repeat !== "off" && "text-primary")}
            aria-label={repeatLabel[state.repeat]}
            onClick={queue.cycleRepeat}
          >
            {state.repeat === "one" ? (
              <Repeat1 className="h-4 w-4" aria-hidden />
            ) : (
              <Repeat className="h-4 w-4" aria-hidden />
            )}
          </button>
        </div>
        <WaveformSeek song={song} state={state} />
        <div className="flex items-center gap-2 text-faint">
          <VolumeInput
            volume={state.volume}
            onVolume={player.setVolume}
            className="hidden items-center gap-2 sm:flex"
          />
          <button
            type="button"
            className={cn(control, queueOpen && "text-primary")}
            aria-label={`Queue (${state.queue.songs.length})`}
            aria-expanded={queueOpen}
            aria-controls={queueId}
            onClick={() => setQueueOpen(!queueOpen)}
          >
            <ListMusic className="h-4 w-4" aria-hidden />
          </button>
        </div>
      </div>
    </section>
  )
}
