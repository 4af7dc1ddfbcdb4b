import { useQuery } from "@tanstack/react-query"
import { formatSeconds } from "../../lib/format-seconds.ts"
import { readPublic } from "../../lib/public-read.ts"
import * as player from "./player.ts"
import type { PlayerState } from "./player-state.ts"
import type { PlayerSong } from "./queue.ts"
import { SeekInput } from "./song-controls.tsx"

/** A song's waveform never changes: it is asked for once per song and kept while the app is open. */
const waveformQuery = (song: PlayerSong) => ({
  queryKey: ["waveform", song.id] as const,
  queryFn: () => readPublic("catalog.waveform", { path: { id: song.id } }),
  enabled: song.saved,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
})

/**
 * Where the playing song is, over its waveform (drawn by the server; a plain bar until it comes, or where
 * there is none): played slices light up, and the range input over it seeks, by pointer or keyboard.
 */
export const WaveformSeek = ({
  song,
  state,
}: {
  readonly song: PlayerSong
  readonly state: PlayerState
}) => {
  const waveform = useQuery(waveformQuery(song))
  const total = state.duration || song.seconds
  const played = total > 0 ? Math.min(state.position / total, 1) : 0
  const peaks = waveform.data?.peaks ?? []
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 text-[0.7rem] tabular-nums text-faint">
      <span>{formatSeconds(state.position)}</span>
      <div className="relative h-9 min-w-0 flex-1">
        {peaks.length > 0 ? (
          <svg
            aria-hidden
            data-testid="waveform"
            viewBox={`0 0 ${peaks.length} 100`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full"
          >
            {peaks.map((peak, index) => (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: a slice is its place in the song
                key={index}
                x={index + 0.15}
                width={0.7}
                y={50 - Math.max(peak, 3) / 2}
                height={Math.max(peak, 3)}
                className={index / peaks.length < played ? "fill-primary" : "fill-line"}
              />
            ))}
          </svg>
        ) : (
          <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-line">
            <div className="h-full rounded-full bg-primary" style={{ width: `${played * 100}%` }} />
          </div>
        )}
        <SeekInput
          position={state.position}
          total={total}
          onSeek={player.seek}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
        />
      </div>
      <span>{formatSeconds(total)}</span>
    </div>
  )
}
