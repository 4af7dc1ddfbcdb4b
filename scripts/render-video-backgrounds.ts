/**
 * node --import tsx scripts/render-video-backgrounds.ts
 *
 * Renders the looping background of each video format into web/public/assets/video-backgrounds/, once;
 * the files are committed. Two of ffmpeg's `gradients` sources, a slowly turning wash of colour and a
 * wandering "stage light", blended like light (screen) over the studio's night-ink colour. `gradients`
 * turns its points by `speed` radians a frame, so a loop of exactly 2π/speed frames comes back to its first
 * frame and plays seamlessly under `-stream_loop -1`.
 *
 * Five frames a second on purpose: the light turns 3 degrees a step, a change of about one level of
 * brightness (46 dB between steps), which nobody sees; and x264 spends most of an export's time on frames
 * that change, so a background at 30 fps would cost a 30-second export about 14 s of CPU more (measured,
 * see docs/decisions.md).
 */
import { execFile } from "node:child_process"
import { mkdir, stat } from "node:fs/promises"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import type { VideoFormat } from "#events/contracts/video-exports.ts"
import { videoFormatNames, videoFormats } from "#modules/videos/api-video-formats.ts"

const execFileAsync = promisify(execFile)
const outDir = fileURLToPath(new URL("../web/public/assets/video-backgrounds/", import.meta.url))

const framesPerSecond = 5
const loopSeconds = 24
const loopFrames = framesPerSecond * loopSeconds
const ink = "0x0b0a1a"

/** The brand's colours (web/src/styles.css) dimmed to backgrounds: wash start, wash end, light. */
interface Palette {
  readonly wash: readonly [string, string]
  readonly light: string
}
const violetAmber: Palette = { wash: ["0x3b0f78", "0x6d1a5a"], light: "0x8a3a1a" }
const palettes: { readonly [Format in VideoFormat]: Palette } = {
  "instagram-story": violetAmber,
  "instagram-video": violetAmber,
  "facebook-story": { wash: ["0x1e1b6e", "0x3b0f78"], light: "0x0e5468" },
  "facebook-video": { wash: ["0x1e1b6e", "0x3b0f78"], light: "0x0e5468" },
  youtube: { wash: ["0x3b0f78", "0x6a1430"], light: "0x8a4a10" },
  tiktok: { wash: ["0x0c4a5c", "0x6d1a5a"], light: "0x7a1850" },
}

/** Drawn at half size and scaled up: the gradients are soft, and half the pixels render four times faster. */
const graphOf = (width: number, height: number, palette: Palette) => {
  const w = width / 2
  const h = height / 2
  const common = `s=${w}x${h}:r=${framesPerSecond}:d=${loopSeconds}:speed=${(2 * Math.PI) / loopFrames}`
  const wash = `gradients=${common}:n=3:c0=${palette.wash[0]}:c1=${ink}:c2=${palette.wash[1]}:x0=0:y0=0:x1=${w}:y1=${h}`
  const light =
    `gradients=${common}:type=radial:n=3:c0=${palette.light}:c1=${ink}:c2=${ink}` +
    `:x0=${Math.round(w * 0.74)}:y0=${Math.round(h * 0.26)}:x1=${Math.round(w * 0.18)}:y1=${Math.round(h * 0.84)}`
  return (
    `${wash},format=gbrp[wash];${light},format=gbrp[light];` +
    `[wash][light]blend=all_mode=screen,vignette=PI/5,scale=${width}:${height}:flags=bicubic,format=yuv420p`
  )
}

await mkdir(outDir, { recursive: true })
for (const name of videoFormatNames) {
  const { width, height, background } = videoFormats[name]
  const output = join(outDir, background)
  const started = performance.now()
  await execFileAsync("ffmpeg", [
    ...["-v", "error", "-y", "-filter_complex", graphOf(width, height, palettes[name])],
    ...["-c:v", "libx264", "-preset", "slow", "-crf", "28", "-g", String(loopFrames)],
    ...["-pix_fmt", "yuv420p", "-movflags", "+faststart", "-an", output],
  ])
  const { size } = await stat(output)
  console.log(
    `${background}: ${width}x${height}, ${loopSeconds} s at ${framesPerSecond} fps, ` +
      `${(size / 1024).toFixed(0)} KiB, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}
