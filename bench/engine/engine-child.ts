/** The engine's child process as `MusicEngine` starts it, and one timed render by it. */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { childrenCpuMs } from "../support/cpu-time.ts"
import { now } from "../support/report.ts"

// A path, not an import: other folders enter the music module only through its index.ts.
const engineMain = fileURLToPath(new URL("../../stand-ins/music-engine/main.ts", import.meta.url))

/** What the benchmark reads of the facts of a render (music's `RenderFacts`). */
export interface Facts {
  readonly durationMs: number
  readonly endMs: number
  readonly sections: ReadonlyArray<{ readonly label: string; startMs: number; endMs: number }>
}

export interface Rendered {
  readonly wavPath: string
  readonly mp3Path: string
  readonly durationMs: number
  /** Inside the engine, from the request read to the files written: no process start. */
  readonly renderMs: number
  readonly lufs: number
  readonly truePeakDb: number
  readonly genre: string
  readonly vocalRegions: ReadonlyArray<unknown>
  readonly facts: Facts
}

/** A `SongRequest` as JSON: the benchmark only needs to know where it writes. */
export type EngineRequest = { readonly outDir: string } & Readonly<Record<string, unknown>>

export interface Measured {
  readonly wallMs: number
  readonly cpuMs: number
  readonly firstAudioMs: number
  readonly seconds: number
}

interface Started {
  readonly child: ChildProcessWithoutNullStreams
  readonly output: Promise<{ rendered: Rendered; stages: string }>
}

/**
 * The engine's child, as `MusicEngine.live` keeps one started ahead: loaded, waiting for its request. Its
 * stage timings (stderr) are kept for the log.
 */
const startEngine = () =>
  new Promise<Started>((ready, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", engineMain], {
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    const output = new Promise<{ rendered: Rendered; stages: string }>((resolve, fail) => {
      child.on("close", (code) =>
        code === 0
          ? resolve({
              rendered: JSON.parse(stdout.trim().split("\n").pop()!),
              stages: stderr.trim(),
            })
          : fail(new Error(`the engine exited with ${code}: ${stderr.slice(-1000)}`)),
      )
    })
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
      if (stdout.startsWith("ready\n")) ready({ child, output })
    })
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on("error", reject)
    output.catch(reject)
  })

/**
 * One render by a child started ahead, from giving it the request until it exits: wall clock, CPU of all
 * processes (the child's start included), first MP3.
 */
export const renderOnce = async (request: EngineRequest) => {
  const cpuBefore = childrenCpuMs()
  const engine = await startEngine()
  const started = now()
  let firstAudioMs = Number.NaN
  const watch = setInterval(() => {
    if (Number.isNaN(firstAudioMs) && existsSync(join(request.outDir, "song.mp3")))
      firstAudioMs = now() - started
  }, 5)
  engine.child.stdin.end(JSON.stringify(request))
  const { rendered, stages } = await engine.output
  const wallMs = now() - started
  clearInterval(watch)
  if (Number.isNaN(firstAudioMs)) firstAudioMs = wallMs
  const measured: Measured = {
    wallMs,
    cpuMs: childrenCpuMs() - cpuBefore,
    firstAudioMs,
    seconds: rendered.durationMs / 1000,
  }
  return { rendered, stages, measured }
}
