import { Pause, Play, Volume2 } from "lucide-react"
import { formatSeconds } from "../../lib/format-seconds.ts"
import type { AudioState } from "./use-player.ts"

/**
 * The browser's own player, for a page read without scripts (a server-drawn page's buttons do nothing
 * there); with scripts it is never shown, nor laid out.
 */
export const NoScriptPlayer = ({
  src,
  title,
}: {
  readonly src: string
  readonly title: string
}) => (
  <noscript>
    {/* biome-ignore lint/a11y/useMediaCaption: songs are music; their lyrics are shown beside them */}
    <audio controls preload="none" src={src} aria-label={`Play ${title}`} className="w-full" />
  </noscript>
)

/** Play or pause, on the cover's corner: always in view, since a phone has no hover. */
export const PlayButton = ({
  audio,
  title,
}: {
  readonly audio: AudioState
  readonly title: string
}) =>
  audio.src ? (
    <button
      type="button"
      onClick={audio.toggle}
      aria-label={audio.isPlaying ? `Pause ${title}` : `Play ${title}`}
      className="absolute right-3 bottom-3 grid h-12 w-12 place-items-center rounded-full bg-stage text-white shadow-xl shadow-black/40 transition hover:brightness-110 active:brightness-95"
    >
      {audio.isPlaying ? <Pause className="h-5 w-5" /> : <Play className="ml-0.5 h-5 w-5" />}
    </button>
  ) : null

/** Where a song is, in seconds of its `total`: a range to click, drag or move with the arrow keys. */
export const SeekInput = ({
  position,
  total,
  onSeek,
  disabled = false,
  className,
}: {
  readonly position: number
  readonly total: number
  readonly onSeek: (seconds: number) => void
  readonly disabled?: boolean
  readonly className: string
}) => (
  <input
    type="range"
    aria-label="Seek"
    min={0}
    max={Math.max(total, 0.1)}
    step={0.1}
    value={Math.min(position, total)}
    onChange={(event) => onSeek(Number(event.target.value))}
    disabled={disabled}
    className={className}
  />
)

/** How loud the one player plays, 0-100 (100 at first). */
export const VolumeInput = ({
  volume,
  onVolume,
  className,
}: {
  readonly volume: number
  readonly onVolume: (percent: number) => void
  readonly className: string
}) => (
  <label className={className}>
    <Volume2 className="h-3.5 w-3.5" aria-hidden />
    <input
      type="range"
      aria-label="Volume"
      min={0}
      max={100}
      step={1}
      value={volume}
      onChange={(event) => onVolume(Number(event.target.value))}
      className="h-1 w-24 cursor-pointer accent-primary"
    />
  </label>
)

/** Where the song is (a bar to click or drag to move in it), and how loud (0-100, 100 at first). */
export const SeekAndVolume = ({
  audio,
  fallbackSeconds,
}: {
  readonly audio: AudioState
  readonly fallbackSeconds: number
}) => {
  const total = audio.duration || fallbackSeconds
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2 text-[0.7rem] tabular-nums text-faint">
        <span>{formatSeconds(audio.position)}</span>
        <SeekInput
          position={audio.position}
          total={total}
          onSeek={audio.seek}
          disabled={!audio.src}
          className="h-1 flex-1 cursor-pointer accent-primary"
        />
        <span>{formatSeconds(total)}</span>
      </div>
      <VolumeInput
        volume={audio.volume}
        onVolume={audio.setVolume}
        className="flex items-center gap-2 text-faint"
      />
    </div>
  )
}
