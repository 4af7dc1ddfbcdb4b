import { titleLines, type VideoLayout } from "./video-layout.ts"
import type { TimedLine } from "./video-request.ts"

/**
 * The picture as one ffmpeg filter graph. Inputs: 0 the looping background, 1 the song, 2 the cover (when
 * there is one). Outputs: [v] the picture at the format's size and 30 fps, [a] the song in 48 kHz stereo.
 *
 * What is drawn once stays drawn once: the cover's rounded corners (or the placeholder) are computed on its
 * single frame and `overlay` repeats that frame; per frame there is only decoding the background, two
 * overlays, the waveform (`showwaves`, cheap; `showspectrum` is 40x slower), the title's glyphs and, with
 * 'Show lyrics', the line being sung.
 */

export const titleFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

const colors = { ink: "0x0b0a1a", text: "0xf4f2ff", violet: "0xa855f7", pink: "0xec4899" }
const waveColor = "0xc084fc"

/**
 * Any text as a filter option's value inside a filter graph: ffmpeg unescapes twice, first the graph
 * (`\ ' [ ] , ;`), then the option list (`\ ' :`). Control characters would break lines and are spaced.
 */
export const filterValue = (text: string) =>
  text
    .replace(/\p{Cc}/gu, " ")
    .replace(/[\\':]/g, "\\$&")
    .replace(/[\\'[\],;]/g, "\\$&")

/** Alpha of a square of `size` with corners of radius `radius`, antialiased over one pixel. */
const roundedAlpha = (size: number, radius: number) => {
  const r = radius
  const far = size - 1 - r
  return `255*clip(${r}+0.5-hypot(max(max(${r}-X\\,X-${far})\\,0)\\,max(max(${r}-Y\\,Y-${far})\\,0))\\,0\\,1)`
}

const rounded = (size: number) =>
  `format=yuva420p,geq=lum=lum(X\\,Y):cb=cb(X\\,Y):cr=cr(X\\,Y):a=${roundedAlpha(size, Math.round(size * 0.06))}`

const note = (size: number) =>
  `drawtext=fontfile=${filterValue(titleFont)}:text=♪:fontsize=${Math.round(size * 0.5)}` +
  `:fontcolor=white@0.85:x=(w-text_w)/2:y=(h-text_h)/2`

/** The cover cut to a square, or the brand's violet-to-pink with a note when the song has none. */
const coverOf = (size: number, hasCover: boolean) =>
  hasCover
    ? `[2:v]scale=${size}:${size}:force_original_aspect_ratio=increase,crop=${size}:${size},setsar=1`
    : `gradients=s=${size}x${size}:r=1:d=1:n=2:c0=${colors.violet}:c1=${colors.pink}` +
      `:x0=0:y0=0:x1=${size}:y1=${size}:speed=0.00001,${note(size)}`

const titleOf = ({ title }: VideoLayout) =>
  title.lines.map(
    (line, i) =>
      `drawtext=fontfile=${filterValue(titleFont)}:text=${filterValue(line)}:expansion=none` +
      `:fontsize=${title.fontSize}:fontcolor=${colors.text}:shadowcolor=${colors.ink}@0.6:shadowx=0:shadowy=3` +
      `:x=${title.centerX}-text_w/2:y=${title.baselines[i]}-max_glyph_a`,
  )

/**
 * Each lyric line, in up to two rows centred in the lyrics band, from when it is sung until the next one
 * starts (at most two seconds past its end), so the words stay up between lines.
 */
const lyricsOf = (layout: VideoLayout, lines: ReadonlyArray<TimedLine>) => {
  if (!layout.lyrics) return []
  const { box, fontSize } = layout.lyrics
  return lines.flatMap((line, i) => {
    const from = line.startMs / 1000
    const until = Math.min(lines[i + 1]?.startMs ?? Infinity, line.endMs + 2000) / 1000
    const rows = titleLines(line.text, box.width, fontSize)
    const rowHeight = Math.round(rows.fontSize * 1.25)
    const top = box.y + (box.height - rows.lines.length * rowHeight) / 2
    return rows.lines.map(
      (row, r) =>
        `drawtext=fontfile=${filterValue(titleFont)}:text=${filterValue(row)}:expansion=none` +
        `:fontsize=${rows.fontSize}:fontcolor=${colors.text}:borderw=3:bordercolor=${colors.ink}@0.7` +
        `:x=${box.x + box.width / 2}-text_w/2:y=${Math.round(top + r * rowHeight + rows.fontSize)}-max_glyph_a` +
        `:enable=between(t\\,${from.toFixed(2)}\\,${until.toFixed(2)})`,
    )
  })
}

export const filterGraphOf = (input: {
  readonly width: number
  readonly height: number
  readonly layout: VideoLayout
  readonly hasCover: boolean
  readonly lyrics?: ReadonlyArray<TimedLine> | null | undefined
}) => {
  const { width, height, layout, hasCover } = input
  const { cover, waves } = layout
  return [
    `[0:v]fps=30,scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,format=yuv420p[bg]`,
    `${coverOf(cover.width, hasCover)},${rounded(cover.width)}[cover]`,
    "[1:a]aformat=sample_rates=48000:channel_layouts=stereo,asplit=2[a][song]",
    `[song]aformat=channel_layouts=mono,showwaves=s=${waves.width}x${waves.height}:mode=cline:rate=30:scale=sqrt:colors=${waveColor}[waves]`,
    `[bg][cover]overlay=x=${cover.x}:y=${cover.y}[pictured]`,
    `[pictured][waves]overlay=x=${waves.x}:y=${waves.y}[waved]`,
    `[waved]${["null", ...titleOf(layout), ...lyricsOf(layout, input.lyrics ?? [])].join(",")}[v]`,
  ].join(";")
}
