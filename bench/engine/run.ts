/**
 * npm run bench:engine
 *
 * Full-length songs (verse, chorus, verse, chorus; the default length limit) in three styles, each rendered
 * by the engine's child process started as `MusicEngine` starts it (`node --import tsx
 * stand-ins/music-engine/main.ts`, its own process group, the request on stdin). For each, the realtime
 * factor (song length over render time, by the wall clock and by the CPU time of every process involved)
 * and the time from spawning the child until its MP3 exists. The baseline, measured in the same run on the
 * same song: ffmpeg alone encoding the engine's WAV to a 192 kbit/s MP3, the least any render must do.
 * Rounds alternate between the two sides.
 */
import { execFile, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { availableParallelism, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { childrenCpuMs } from "../support/cpu-time.ts"
import { now, printTable, type Row } from "../support/report.ts"
import { benchSongs } from "./songs.ts"

const execFileAsync = promisify(execFile)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const targetRealtime = 10
const targetFirstAudioMs = 10_000

interface Measured {
  readonly wallMs: number
  readonly cpuMs: number
  readonly firstAudioMs: number
  readonly seconds: number
}

// A path, not an import: other folders enter the media module only through its index.ts.
const engineMain = fileURLToPath(new URL("../../stand-ins/music-engine/main.ts", import.meta.url))

interface Rendered {
  readonly wavPath: string
  readonly durationMs: number
  readonly lufs: number
  readonly truePeakDb: number
  readonly genre: string
  readonly vocalRegions: ReadonlyArray<unknown>
}

/** The engine's child, as `MusicEngine.live` runs it; its stage timings (stderr) are kept for the log. */
const spawnEngine = (request: object) =>
  new Promise<{ rendered: Rendered; stages: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", engineMain], {
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on("error", reject)
    child.on("close", (code) =>
      code === 0
        ? resolve({ rendered: JSON.parse(stdout.trim().split("\n").pop()!), stages: stderr.trim() })
        : reject(new Error(`the engine exited with ${code}: ${stderr.slice(-1000)}`)),
    )
    child.stdin.end(JSON.stringify(request))
  })
const scratch = await mkdtemp(join(tmpdir(), "melody-bench-engine-"))
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")
console.log(
  `Music engine benchmark: ${benchSongs.length} full songs, ${rounds} rounds, ${availableParallelism()} cores, load average ${load()}.`,
)

const renderOnce = async (song: (typeof benchSongs)[number], round: number) => {
  const outDir = join(scratch, `${song.title.replace(/\W+/g, "-")}-${round}`)
  const cpuBefore = childrenCpuMs()
  const started = now()
  let firstAudioMs = Number.NaN
  const watch = setInterval(() => {
    if (Number.isNaN(firstAudioMs) && existsSync(join(outDir, "song.mp3")))
      firstAudioMs = now() - started
  }, 5)
  const { rendered, stages } = await spawnEngine({
    title: song.title,
    lyrics: song.lyrics,
    style: song.style,
    seed: 1,
    outDir,
  })
  const wallMs = now() - started
  clearInterval(watch)
  if (Number.isNaN(firstAudioMs)) firstAudioMs = wallMs
  return {
    rendered,
    stages,
    measured: {
      wallMs,
      cpuMs: childrenCpuMs() - cpuBefore,
      firstAudioMs,
      seconds: rendered.durationMs / 1000,
    },
  }
}

/** ffmpeg alone: the engine's WAV to MP3, as the engine's last step does with lame. */
const encodeOnce = async (wavPath: string, outDir: string): Promise<Measured> => {
  const cpuBefore = childrenCpuMs()
  const started = now()
  await execFileAsync("ffmpeg", [
    ...["-v", "error", "-y", "-i", wavPath, "-c:a", "libmp3lame", "-b:a", "192k"],
    join(outDir, "baseline.mp3"),
  ])
  const wallMs = now() - started
  const { stdout } = await execFileAsync("ffprobe", [
    ...["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", wavPath],
  ])
  return {
    wallMs,
    cpuMs: childrenCpuMs() - cpuBefore,
    firstAudioMs: wallMs,
    seconds: Number(stdout),
  }
}

const worst = (runs: ReadonlyArray<Measured>): Measured => ({
  wallMs: Math.max(...runs.map((r) => r.wallMs)),
  cpuMs: Math.max(...runs.map((r) => r.cpuMs)),
  firstAudioMs: Math.max(...runs.map((r) => r.firstAudioMs)),
  seconds: runs[0]!.seconds,
})

const factor = (seconds: number, ms: number) => (seconds * 1000) / ms
const x = (n: number) => `${n.toFixed(1)}x`
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const rows: Array<Row> = []
const t = now()
for (const song of benchSongs) {
  const ours: Array<Measured> = []
  const bare: Array<Measured> = []
  for (let round = 0; round < rounds; round++) {
    const { rendered, stages, measured } = await renderOnce(song, round)
    ours.push(measured)
    bare.push(await encodeOnce(rendered.wavPath, join(rendered.wavPath, "..")))
    if (round === 0)
      console.log(
        `${song.name}: ${rendered.genre}, ${measured.seconds.toFixed(1)} s, ${rendered.lufs} LUFS, ` +
          `${rendered.truePeakDb} dBTP, ${rendered.vocalRegions.length} sung lines\n  ${stages.replaceAll("\n", "\n  ")}`,
      )
  }
  const a = worst(ours)
  const b = worst(bare)
  const wallFactor = factor(a.seconds, a.wallMs)
  const cpuFactor = factor(a.seconds, a.cpuMs)
  rows.push(
    {
      scenario: `${song.name} (${a.seconds.toFixed(1)} s): realtime, wall`,
      ours: `${x(wallFactor)} (${s(a.wallMs)})`,
      baseline: `${x(factor(b.seconds, b.wallMs))} (${s(b.wallMs)})`,
      ratio: wallFactor / factor(b.seconds, b.wallMs),
      target: `>= ${targetRealtime}x`,
      pass: wallFactor >= targetRealtime,
    },
    {
      scenario: `${song.name}: realtime, CPU of all processes`,
      ours: `${x(cpuFactor)} (${s(a.cpuMs)})`,
      baseline: `${x(factor(b.seconds, b.cpuMs))} (${s(b.cpuMs)})`,
      ratio: cpuFactor / factor(b.seconds, b.cpuMs),
      target: "",
      pass: undefined,
    },
    {
      scenario: `${song.name}: spawn to playable MP3`,
      ours: s(a.firstAudioMs),
      baseline: s(b.firstAudioMs),
      ratio: b.firstAudioMs / a.firstAudioMs,
      target: `< ${targetFirstAudioMs / 1000} s`,
      pass: a.firstAudioMs < targetFirstAudioMs,
    },
  )
}

printTable(
  `Full songs by the engine's child process (Festival, FluidSynth, lame) vs ffmpeg encoding the same song's WAV to MP3; worst of ${rounds} rounds, ratio: higher is better for ours`,
  rows,
)
console.log(`Measured in ${((now() - t) / 1000).toFixed(0)} s; load average now ${load()}.`)

await rm(scratch, { recursive: true, force: true })
process.exit(rows.some((row) => row.pass === false) ? 1 : 0)
