import { type PointerEvent, useRef } from "react"
import { formatSeconds } from "../../lib/format-seconds.ts"
import { useWaveformPeaks, waveformBars } from "./waveform-peaks.ts"

/** A stretch of the song, in seconds. */
export interface Stretch {
  readonly start: number
  readonly end: number
}

const tenths = (seconds: number) => Math.round(seconds * 10) / 10

/**
 * The song's waveform with the stretch to replace marked on it: a drag across it chooses a new one. The
 * seconds fields beside it say the same and are the way to choose by keyboard.
 */
export const WaveformRange = ({
  audioUrl,
  seconds,
  stretch,
  onChoose,
}: {
  readonly audioUrl: string
  readonly seconds: number
  readonly stretch: Stretch | null
  readonly onChoose: (stretch: Stretch) => void
}) => {
  const peaks = useWaveformPeaks(audioUrl)
  const anchor = useRef<number | null>(null)
  if (!peaks.data || seconds <= 0) return null

  const at = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const share = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width))
    return tenths(share * seconds)
  }
  const drag = (event: PointerEvent<SVGSVGElement>) => {
    if (anchor.current === null) return
    const point = at(event)
    const [start, end] = [anchor.current, point].sort((a, b) => a - b) as [number, number]
    if (end > start) onChoose({ start, end })
  }
  const x = (time: number) => (time / seconds) * waveformBars

  return (
    <figure className="grid gap-1">
      <svg
        role="img"
        aria-label="Waveform: drag across it to choose the stretch to sing again"
        data-testid="waveform"
        viewBox={`0 0 ${waveformBars} 40`}
        preserveAspectRatio="none"
        className="h-16 w-full cursor-crosshair touch-none rounded-xl bg-ink/60"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId)
          anchor.current = at(event)
        }}
        onPointerMove={drag}
        onPointerUp={(event) => {
          drag(event)
          anchor.current = null
        }}
      >
        {stretch && (
          <rect
            x={x(stretch.start)}
            width={Math.max(0.5, x(stretch.end) - x(stretch.start))}
            y={0}
            height={40}
            className="fill-primary/30"
          />
        )}
        {peaks.data.map((peak, bar) => (
          <rect
            // The bars never reorder: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={bar}
            x={bar + 0.15}
            width={0.7}
            y={20 - Math.max(0.5, peak * 19)}
            height={Math.max(1, peak * 38)}
            className="fill-muted"
          />
        ))}
      </svg>
      <figcaption className="text-xs text-muted">
        {stretch
          ? `${formatSeconds(stretch.start)}–${formatSeconds(stretch.end)} is sung again`
          : "Drag across the waveform to choose a stretch, or choose a section."}
      </figcaption>
    </figure>
  )
}
