import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import type { Readable } from "node:stream"
import { fileURLToPath } from "node:url"
import { lifelineFlag } from "./tether.ts"

/**
 * How a child is started: from source through tsx, or, in the server's bundle (server-bundle.ts), the
 * engine's own bundle beside it. Either command line names `music-engine/main.` (render-folders.ts).
 */
const command = import.meta.url.endsWith(".ts")
  ? ["--import", "tsx", fileURLToPath(new URL("./main.ts", import.meta.url))]
  : [fileURLToPath(new URL("./music-engine/main.js", import.meta.url))]

/** An engine's child: its process, and the lifeline this process holds the other end of (tether.ts). */
export interface EngineProcess {
  readonly child: ChildProcessWithoutNullStreams
  readonly lifeline: Readable | undefined
}

/** Ends the engine and every Festival and FluidSynth it started: they all share its process group. */
export const killGroup = (pid: number | undefined) => {
  if (pid === undefined) return
  try {
    process.kill(-pid, "SIGKILL")
  } catch {
    // Already gone.
  }
}

/**
 * A child in its own process group, tethered to this process, which loads the engine and then waits for
 * its request on stdin. Its output is kept in the pipes until its render reads it.
 */
export const startEngineProcess = (): EngineProcess => {
  const child = spawn(process.execPath, [...command, lifelineFlag], {
    detached: true,
    stdio: ["pipe", "pipe", "pipe", "pipe"],
  }) as unknown as ChildProcessWithoutNullStreams
  const lifeline = (child.stdio as unknown as ReadonlyArray<Readable | null>)[3] ?? undefined
  lifeline?.on("error", () => {})
  child.stdin.on("error", () => {})
  // A spare that cannot start is found out when it is taken; until then nothing listens.
  child.on("error", () => {})
  return { child, lifeline }
}

/** Whether a started child can still take a request. */
export const isWaiting = ({ child }: EngineProcess) =>
  child.exitCode === null && child.signalCode === null && child.pid !== undefined
