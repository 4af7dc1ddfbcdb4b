import { Pause, Play, SkipBack, SkipForward } from "lucide-react"
import { AudioElement, SeekAndVolume } from "../../components/audio/audio-controls.tsx"
import type { ListPlayer } from "./use-list-player.ts"

const control =
  "grid h-10 w-10 place-items-center rounded-full text-text transition hover:bg-line/60 disabled:opacity-30"

/** What the list is playing: the song, previous, play or pause, next, where it is and how loud. */
export const ListPlayerBar = ({ player }: { readonly player: ListPlayer }) => {
  const { current, audio } = player
  if (!current) return null
  return (
    <section
      aria-label="Now playing"
      className="sticky bottom-4 z-10 grid gap-2 rounded-2xl border border-line bg-surface/95 p-3 shadow-xl shadow-black/30 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-6"
    >
      <AudioElement audio={audio} />
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={control}
          aria-label="Previous song"
          disabled={!player.hasPrevious}
          onClick={player.previous}
        >
          <SkipBack className="h-4 w-4" aria-hidden />
        </button>
        <button
          type="button"
          className={`${control} bg-stage text-white hover:bg-stage`}
          aria-label={audio.isPlaying ? `Pause ${current.title}` : `Play ${current.title}`}
          onClick={audio.toggle}
        >
          {audio.isPlaying ? (
            <Pause className="h-4 w-4" aria-hidden />
          ) : (
            <Play className="ml-0.5 h-4 w-4" aria-hidden />
          )}
        </button>
        <button
          type="button"
          className={control}
          aria-label="Next song"
          disabled={!player.hasNext}
          onClick={player.next}
        >
          <SkipForward className="h-4 w-4" aria-hidden />
        </button>
        <p className="ml-2 min-w-0 truncate text-sm font-medium" aria-live="polite">
          {current.title}
        </p>
      </div>
      <SeekAndVolume audio={audio} fallbackSeconds={current.duration / 1000} />
    </section>
  )
}
