import { rm } from "node:fs/promises"
import { availableParallelism } from "node:os"
import { Duration, Effect, Layer, Ref } from "effect"
import {
  EngineFailed,
  type EngineRequest,
  MusicEngine,
  type RenderedSong,
  type RenderedStems,
} from "#modules/music/ports.ts"
import { type EngineProcess, isWaiting, killGroup, startEngineProcess } from "./engine-process.ts"
import { workDirOf } from "./work-dir.ts"

/** The end of what the engine said before it failed: enough to see why, never a whole log. */
const tail = (text: string) => text.trim().split("\n").slice(-12).join("\n").slice(-2000)

/**
 * One render in a child process of its own, in its own process group: the engine's DSP would hold the
 * server's event loop for seconds, a crash stays in the child, its memory goes back at exit, and on a
 * timeout or an interruption one signal to the group leaves no Festival or FluidSynth behind. Its fourth
 * descriptor is a lifeline this process holds the other end of: when this process ends, however it ends,
 * the group ends too (tether.ts); when the render ends, the group is signalled and the line let go.
 */
const renderInChild = <A>(
  { child, lifeline }: EngineProcess,
  { timeoutMs: _, ...request }: EngineRequest & { readonly stems?: boolean },
) =>
  Effect.async<A, EngineFailed>((resumeOnce) => {
    // A child that fails to start reports an error and may close too: the first word counts.
    let settled = false
    const resume = (outcome: Effect.Effect<A, EngineFailed>) => {
      if (!settled) resumeOnce(outcome)
      settled = true
    }
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
        resume(Effect.succeed(JSON.parse(last) as A))
      } catch {
        resume(
          Effect.fail(new EngineFailed({ reason: `the engine answered no song: ${tail(last)}` })),
        )
      }
    })
    child.stdin.end(JSON.stringify(request))
    return Effect.promise(async () => {
      killGroup(child.pid)
      await exited
      await rm(workDirOf(request.outDir), { recursive: true, force: true })
    })
  })

/** Ends a child that will not be given a render. */
const dismiss = ({ child, lifeline }: EngineProcess) => {
  killGroup(child.pid)
  lifeline?.destroy()
}

/**
 * The engine as music's `MusicEngine`: one render per core, each in a child process of its own. Starting
 * one (Node, tsx, the engine's modules) takes most of a second, so one is kept started ahead: `warm`
 * starts it, a render takes it if it is still there, and the next one starts when that render is done
 * (loading it while the render runs would take the cores the render needs).
 */
export const MusicEngineLive: Layer.Layer<MusicEngine> = Layer.scoped(
  MusicEngine,
  Effect.gen(function* () {
    // One render per core: each one keeps about a core busy across its Festival and FluidSynth runs.
    const permits = yield* Effect.makeSemaphore(availableParallelism())
    // "closed" once the engine is shut: a render ending after that starts no spare.
    const spare = yield* Ref.make<EngineProcess | null | "closed">(null)
    yield* Effect.addFinalizer(() =>
      Effect.flatMap(Ref.getAndSet(spare, "closed"), (left) =>
        Effect.sync(() => left !== "closed" && left && dismiss(left)),
      ),
    )
    const warm = Ref.update(spare, (ready) => ready ?? startEngineProcess())
    const take = Ref.modify(spare, (ready): [EngineProcess, EngineProcess | null | "closed"] => {
      if (ready === "closed") return [startEngineProcess(), ready]
      if (ready && !isWaiting(ready)) dismiss(ready)
      return [ready && isWaiting(ready) ? ready : startEngineProcess(), null]
    })
    const inChild = <A>(request: EngineRequest & { readonly stems?: boolean }) =>
      // Once taken, the child is either rendering or ended: never left waiting for a request.
      Effect.uninterruptibleMask((restore) =>
        Effect.flatMap(take, (child) =>
          restore(renderInChild<A>(child, request)).pipe(
            Effect.onInterrupt(() => Effect.sync(() => dismiss(child))),
          ),
        ),
      ).pipe(
        Effect.timeoutFail({
          duration: Duration.millis(request.timeoutMs),
          onTimeout: () =>
            new EngineFailed({ reason: `the engine took longer than ${request.timeoutMs} ms` }),
        }),
        permits.withPermits(1),
        Effect.ensuring(warm),
        Effect.withSpan(request.stems ? "MusicEngine.stems" : "MusicEngine.render", {
          attributes: { style: request.style, seed: request.seed },
        }),
      )
    return MusicEngine.of({
      render: (request) => inChild<RenderedSong>(request),
      stems: (request) => inChild<RenderedStems>({ ...request, stems: true }),
      warm,
    })
  }),
)
