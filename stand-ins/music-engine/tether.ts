import { spawn } from "node:child_process"
import { fstatSync } from "node:fs"

/** The descriptor the server keeps the other end of, for as long as it lives (see engine-process.ts). */
const lifeline = 3

/** The argument by which the server says the engine has a lifeline. */
export const lifelineFlag = "--lifeline"

/**
 * Ends this render's whole process group (this engine, and every Festival, FluidSynth and lame it started)
 * the moment the server that asked for it is gone, even by `kill -9`: a shell in the group blocks reading
 * the lifeline, which the kernel closes when the server's process ends, and then kills the group. A shell
 * rather than this process, so that the kill does not wait for the engine's event loop to be free.
 */
export const tetherToServer = () => {
  // Only when the server says it holds the line: run by hand, descriptor 3 may be anything (libuv's own).
  if (!process.argv.includes(lifelineFlag)) return
  fstatSync(lifeline)
  const watcher = spawn(
    "/bin/sh",
    ["-c", 'read -r _ || true; kill -9 "-$0"', String(process.pid)],
    {
      stdio: [lifeline, "ignore", "ignore"],
    },
  )
  watcher.unref()
}
