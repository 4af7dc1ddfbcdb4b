import { readdirSync, readFileSync } from "node:fs"
import { mkdtemp, readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"

/** When a process started, in clock ticks since boot (Linux); a pid the kernel reused has another one. */
const startOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[19]
  } catch {
    return undefined
  }
}

const owner = `${process.pid}.${startOf(process.pid) ?? "0"}`

/**
 * The prefix of this process's render folders and files: they name their owner (pid and start time), so a
 * server starting after a crash can tell what a dead one left from what a live one is using.
 */
export const renderFolderPrefix = () => join(tmpdir(), `melody-render-${owner}-`)

/** A render folder of this process for the scope's length: removed with whatever is in it. */
export const scratchDirectory = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(renderFolderPrefix())),
  (directory) => Effect.promise(() => rm(directory, { recursive: true, force: true })),
)

const isAlive = (pid: number, start: string) => {
  if (start !== "0") return startOf(pid) === start
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

const groupOf = (pid: number | string) =>
  Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[2])

const isEngine = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("music-engine/main.")

/**
 * Kills every process whose command line names `folder` (Linux; elsewhere none), with the whole render
 * when it belongs to an engine's own process group. Any other group (a supervisor's, this server's) is
 * left alone: only the process itself goes.
 */
const killRendersIn = (folder: string) => {
  let pids: Array<string>
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name))
  } catch {
    return
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(folder)) continue
      const group = groupOf(pid)
      const ownGroup = group === groupOf(process.pid)
      process.kill(!ownGroup && group > 1 && isEngine(group) ? -group : Number(pid), "SIGKILL")
    } catch {
      // Gone meanwhile, or not ours to see.
    }
  }
}

/**
 * What renders of dead servers left on this machine: their processes (should any have outlived their
 * tether) are killed and their folders removed. Folders of live owners, this one included, stay.
 */
export const sweepRenderFolders = async () => {
  const swept: Array<string> = []
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith("melody-render-")) continue
    const named = /^melody-render-(\d+)\.(\d+)-/.exec(name)
    if (named && isAlive(Number(named[1]), named[2] ?? "0")) continue
    const folder = join(tmpdir(), name)
    killRendersIn(folder)
    await rm(folder, { recursive: true, force: true })
    swept.push(name)
  }
  return swept
}
