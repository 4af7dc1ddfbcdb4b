import { spawn } from "node:child_process"
import { rm } from "node:fs/promises"
import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { Duration, Effect, Layer } from "effect"
import {
  EngineFailed,
  type EngineRequest,
  MusicEngine,
  type RenderedSong,
} from "#modules/media/ports.ts"
import { lifelineFlag } from "./tether.ts"
import { workDirOf } from "./work-dir.ts"

const entry = fileURLToPath(new URL("./main.ts", import.meta.url))

/** The end of what the engine said before it failed: enough to see why, never a whole log. */
const tail = (text: string) => text.trim().split("\n").slice(-12).join("\n").slice(-2000)

/** Ends the engine and every Festival and FluidSynth it started: they all share its process group. */
const killGroup = (pid: number | undefined) => {
  if (pid === undefined) return
  try {
    process.kill(-pid, "SIGKILL")
  } catch {
    // Already gone.
  }
}

/**
 * One render in a child process of its own, in its own process group: the engine's DSP would hold the
 * server's event loop for seconds, a crash stays in the child, its memory goes back at exit, and on a
 * timeout or an interruption one signal to the group leaves no Festival or FluidSynth behind. Its fourth
 * descriptor is a lifeline this process holds the other end of: when this process ends, however it ends,
 * the group ends too (tether.ts); when the render ends, the group is signalled and the line let go.
 */
const renderInChild = ({ timeoutMs: _, ...request }: EngineRequest) =>
  Effect.async<RenderedSong, EngineFailed>((resumeOnce) => {
    // A child that fails to start reports an error and may close too: the first word counts.
    let settled = false
    const resume = (outcome: Effect.Effect<RenderedSong, EngineFailed>) => {
      if (!settled) resumeOnce(outcome)
      settled = true
    }
    const child = spawn(process.execPath, ["--import", "tsx", entry, lifelineFlag], {
      detached: true,
      stdio: ["pipe", "pipe", "pipe", "pipe"],
    })
    const lifeline = child.stdio[3]
    lifeline?.on("error", () => {})
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8000)
    })
    const exited = new Promise<void>((resolve) => {
      child.once("close", () => resolve())
      child.once("error", () => resolve())
    })
    // The lifeline's watcher outlives the engine, holding the line open, which would keep "close" (all
    // descriptors closed) from coming: once the engine has exited, the group goes and the line is let go.
    child.once("exit", () => {
      killGroup(child.pid)
      lifeline?.destroy()
    })
    child.once("error", (error) =>
      resume(
        Effect.fail(new EngineFailed({ reason: `the engine did not start: ${error.message}` })),
      ),
    )
    child.once("close", (code, signal) => {
      if (code !== 0) {
        const status = signal ? `was killed by ${signal}` : `exited with ${code}`
        resume(Effect.fail(new EngineFailed({ reason: `the engine ${status}: ${tail(stderr)}` })))
        return
      }
      const last = stdout.trim().split("\n").pop() ?? ""
      try {
        resume(Effect.succeed(JSON.parse(last) as RenderedSong))
      } catch {
        resume(
          Effect.fail(new EngineFailed({ reason: `the engine answered no song: ${tail(last)}` })),
        )
      }
    })
    child.stdin.on("error", () => {})
    child.stdin.end(JSON.stringify(request))
    return Effect.promise(async () => {
      killGroup(child.pid)
      await exited
      await rm(workDirOf(request.outDir), { recursive: true, force: true })
    })
  })

/** The engine as media's `MusicEngine`: one render per core, each in a child process of its own. */
export const MusicEngineLive: Layer.Layer<MusicEngine> = Layer.effect(
  MusicEngine,
  Effect.gen(function* () {
    // One render per core: each one keeps about a core busy across its Festival and FluidSynth runs.
    const permits = yield* Effect.makeSemaphore(availableParallelism())
    return MusicEngine.of({
      render: (request) =>
        renderInChild(request).pipe(
          Effect.timeoutFail({
            duration: Duration.millis(request.timeoutMs),
            onTimeout: () =>
              new EngineFailed({ reason: `the engine took longer than ${request.timeoutMs} ms` }),
          }),
          permits.withPermits(1),
          Effect.withSpan("MusicEngine.render", {
            attributes: { style: request.style, seed: request.seed },
          }),
        ),
    })
  }),
)
