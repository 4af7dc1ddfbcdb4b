import { spawn } from "node:child_process"

/**
 * Runs a program to completion, `input` on its stdin; a non-zero exit rejects with the end of what it
 * wrote to stderr. The program stays in the engine's process group, so killing the group ends it too.
 */
export const runProgram = (
  command: string,
  args: ReadonlyArray<string>,
  input?: Uint8Array,
): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [input ? "pipe" : "ignore", "ignore", "pipe"] })
    let stderr = ""
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000)
    })
    child.on("error", reject)
    child.on("close", (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`${command} exited with ${signal ?? code}: ${stderr.slice(-500).trim()}`),
          ),
    )
    // A program that dies early closes its stdin: its exit code tells why, not the broken pipe.
    child.stdin?.on("error", () => {})
    child.stdin?.end(input)
  })
