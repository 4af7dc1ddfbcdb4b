/**
 * node --import tsx bench/video/run.ts
 *
 * A 30-second song exported as video in portrait (instagram-story, 1080x1920) and landscape (youtube,
 * 1920x1080), each by the renderer as a job runs it (`VideoRenderer.live`, started through
 * `modules/videos/video-render-main.ts`: other folders do not import the videos module's insides). The
 * measure is render time over the song's length; the target is at most 1.0 on two cores. The baseline,
 * measured in the same run at the same size with the same codec settings: ffmpeg alone encoding a plain
 * colour and the song, the least any export must do. Rounds alternate between the two sides; the worst
 * round counts. The song is synthetic but busy (chords, a swell, a noise hit every half second), so the
 * waveform moves as music does.
 */
import { execFile, spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { childrenCpuMs } from "../support/cpu-time.ts"
import { loadAverage, machineFacts } from "../support/machine.ts"
import { now, printTable, type Row } from "../support/report.ts"

const execFileAsync = promisify(execFile)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const songSeconds = 30
const targetRatio = 1.0

// Paths, not imports: other folders enter the videos module only through its index.ts.
const renderMain = fileURLToPath(
  new URL("../../modules/videos/video-render-main.ts", import.meta.url),
)
const backgroundsDir = fileURLToPath(
  new URL("../../web/public/assets/video-backgrounds", import.meta.url),
)

const sizes = [
  { format: "instagram-story", width: 1080, height: 1920 },
  { format: "youtube", width: 1920, height: 1080 },
] as const

interface Measured {
  readonly wallMs: number
  readonly cpuMs: number
}

const measure = async (run: () => Promise<unknown>): Promise<Measured> => {
  const cpuBefore = childrenCpuMs()
  const started = now()
  await run()
  return { wallMs: now() - started, cpuMs: childrenCpuMs() - cpuBefore }
}

const ffmpeg = (args: ReadonlyArray<string>) => execFileAsync("ffmpeg", ["-v", "error", ...args])

const durationOf = async (path: string) => {
  const { stdout } = await execFileAsync("ffprobe", [
    ...["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
  ])
  return Number(stdout)
}

/** The renderer's child, as a job would run the renderer: the request on stdin. */
const renderOnce = (request: object) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", renderMain], {
      stdio: ["pipe", "ignore", "pipe"],
    })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000)
    })
    child.on("error", reject)
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`the render exited with ${code}: ${stderr}`)),
    )
    child.stdin.end(JSON.stringify(request))
  })

/** The same encoder settings as the renderer, on a plain colour: no background, cover, title or waves. */
const bareEncode = (song: string, width: number, height: number, output: string) =>
  ffmpeg([
    ...["-y", "-f", "lavfi", "-i", `color=c=0x131128:s=${width}x${height}:r=30`, "-i", song],
    ...["-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "veryfast"],
    ...["-pix_fmt", "yuv420p", "-r", "30", "-c:a", "aac", "-b:a", "128k"],
    ...["-movflags", "+faststart", "-t", String(songSeconds), "-shortest", output],
  ])

const scratch = await mkdtemp(join(tmpdir(), "melody-bench-video-"))
const song = join(scratch, "song.mp3")
const cover = join(scratch, "cover.jpg")
await ffmpeg([
  ...["-f", "lavfi", "-i"],
  `aevalsrc=0.25*sin(2*PI*220*t)*(0.6+0.4*sin(2*PI*0.5*t))+0.15*sin(2*PI*277*t)+0.15*sin(2*PI*330*t)+0.35*(random(0)-0.5)*exp(-10*mod(t\\,0.5)):s=44100:d=${songSeconds}`,
  ...["-ac", "2", "-b:a", "192k", song],
])
await ffmpeg(["-f", "lavfi", "-i", "mandelbrot=s=1000x1000", "-frames:v", "1", cover])

console.log(
  `Video export benchmark: a ${songSeconds} s song, ${sizes.length} sizes, ${rounds} rounds, ${machineFacts()}.`,
)

const worst = (runs: ReadonlyArray<Measured>): Measured => ({
  wallMs: Math.max(...runs.map((r) => r.wallMs)),
  cpuMs: Math.max(...runs.map((r) => r.cpuMs)),
})
const x = (n: number) => `${n.toFixed(2)}x`
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const rows: Array<Row> = []
const t = now()
for (const { format, width, height } of sizes) {
  const ours: Array<Measured> = []
  const bare: Array<Measured> = []
  for (let round = 0; round < rounds; round++) {
    const video = join(scratch, `${format}-${round}.mp4`)
    ours.push(
      await measure(() =>
        renderOnce({
          format,
          audioPath: song,
          coverPath: cover,
          title: "Night Bus to the Sea",
          durationSeconds: songSeconds,
          backgroundsDir,
          outputPath: video,
        }),
      ),
    )
    const seconds = await durationOf(video)
    if (Math.abs(seconds - songSeconds) > 0.1) throw new Error(`${video} lasts ${seconds} s`)
    const plain = join(scratch, `bare-${format}-${round}.mp4`)
    bare.push(await measure(() => bareEncode(song, width, height, plain)))
  }
  const a = worst(ours)
  const b = worst(bare)
  const ratio = a.wallMs / 1000 / songSeconds
  rows.push(
    {
      scenario: `${format} ${width}x${height}: render time / song length`,
      ours: `${x(ratio)} (${s(a.wallMs)})`,
      baseline: `${x(b.wallMs / 1000 / songSeconds)} (${s(b.wallMs)})`,
      ratio: b.wallMs / a.wallMs,
      target: `<= ${targetRatio.toFixed(1)}x`,
      pass: ratio <= targetRatio,
    },
    {
      scenario: `${format}: CPU of all processes / song length`,
      ours: `${x(a.cpuMs / 1000 / songSeconds)} (${s(a.cpuMs)})`,
      baseline: `${x(b.cpuMs / 1000 / songSeconds)} (${s(b.cpuMs)})`,
      ratio: b.cpuMs / a.cpuMs,
      target: "",
      pass: undefined,
    },
  )
}

printTable(
  `Video exports by the renderer (node and tsx starting included) vs ffmpeg encoding a plain colour with the same song and settings; worst of ${rounds} rounds, ratio: baseline time / ours`,
  rows,
)
console.log(`Measured in ${((now() - t) / 1000).toFixed(0)} s; load average now ${loadAverage()}.`)

await rm(scratch, { recursive: true, force: true })
process.exit(rows.some((row) => row.pass === false) ? 1 : 0)
