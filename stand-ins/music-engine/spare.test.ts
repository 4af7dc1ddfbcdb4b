import { execFile } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Schedule } from "effect"
import { MusicEngine } from "#modules/music/ports.ts"
import { MusicEngineLive } from "./child-process.ts"

const execFileAsync = promisify(execFile)

/** This test process's engine children, by pid: the renders and the spare started ahead. */
const engineChildren = Effect.promise(() =>
  execFileAsync("pgrep", ["-P", String(process.pid), "-f", "music-engine/main."]).then(
    ({ stdout }) => stdout.trim().split("\n").filter(Boolean).map(Number),
    () => [] as Array<number>, // pgrep exits with 1 when nothing matches
  ),
)

/** Until `check` holds of the children, for a few seconds: a killed group takes a moment to go. */
const childrenBecome = (check: (pids: ReadonlyArray<number>) => boolean) =>
  engineChildren.pipe(
    Effect.filterOrFail(check),
    Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("10 seconds"))),
    Effect.orElse(() => engineChildren),
  )

const render = Effect.gen(function* () {
  const engine = yield* MusicEngine
  const outDir = yield* Effect.acquireRelease(
    Effect.promise(() => mkdtemp(join(tmpdir(), "melody-spare-test-"))),
    (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true })),
  )
  return yield* engine.render({
    title: "Spare",
    lyrics: "[Verse]\nA short one",
    style: "ambient",
    instrumental: true,
    seed: 1,
    outDir,
    maxSeconds: 10,
    timeoutMs: 60_000,
  })
})

it.live(
  "warming starts a child ahead; a render takes it and the next starts once it is done; a dead one is replaced; none outlives the engine",
  () =>
    Effect.gen(function* () {
      yield* Effect.scoped(
        Effect.gen(function* () {
          yield* Effect.flatMap(MusicEngine, (engine) => engine.warm)
          const [warmed] = yield* childrenBecome((pids) => pids.length === 1)
          // The render takes the warmed child; the next one loads only once the render is done.
          const rendering = yield* Effect.fork(Effect.scoped(render))
          yield* Effect.sleep("300 millis")
          expect(yield* engineChildren).toEqual([warmed])
          yield* Fiber.join(rendering)
          const [spare, ...more] = yield* childrenBecome(
            (pids) => pids.length === 1 && pids[0] !== warmed,
          )
          expect(more).toEqual([])
          expect(spare).not.toBe(warmed)
          // A spare that died while waiting (not one that dies the moment it is taken: that is a failed render).
          process.kill(-spare!, "SIGKILL")
          yield* childrenBecome((pids) => pids.length === 0)
          yield* Effect.sleep("200 millis")
          const song = yield* Effect.scoped(render)
          expect(song.durationMs).toBeGreaterThan(5_000)
          const next = yield* childrenBecome((pids) => pids.length === 1 && pids[0] !== spare)
          expect(next).toHaveLength(1)
          expect(next).not.toContain(spare)
        }).pipe(Effect.provide(Layer.fresh(MusicEngineLive))),
      )
      expect(yield* childrenBecome((pids) => pids.length === 0)).toEqual([])
    }),
  120_000,
)
