import { spawn } from "node:child_process"
import { mkdir, readdir, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { renderFolderPrefix, sweepRenderFolders } from "./render-folders.ts"

// Pid 1 is always alive but did not start at tick 1: an owner that is gone.
const dead = join(tmpdir(), `melody-render-1.1-${process.pid}`)
const deadFile = join(tmpdir(), `melody-render-1.1-${process.pid}-x.wav`)
const live = `${renderFolderPrefix()}sweep-test`
afterAll(() =>
  Promise.all([dead, deadFile, live].map((path) => rm(path, { recursive: true, force: true }))),
)

describe("the start-up sweep", () => {
  it("removes what dead owners left, kills what still uses it, and keeps a live owner's", async () => {
    await mkdir(dead, { recursive: true })
    await writeFile(join(dead, "part.wav"), "left behind")
    await writeFile(deadFile, "left behind")
    await mkdir(live, { recursive: true })
    // A process naming the dead folder, in this process's own group: it goes, the group stays.
    const user = spawn("/bin/sh", ["-c", "sleep 30", dead], { stdio: "ignore" })
    const ended = new Promise((resolve) => user.once("exit", (_code, signal) => resolve(signal)))

    const swept = await sweepRenderFolders()

    expect(swept).toEqual(
      expect.arrayContaining([dead, deadFile].map((path) => path.split("/").pop())),
    )
    expect(await ended).toBe("SIGKILL")
    const left = await readdir(tmpdir())
    expect(left).not.toContain(dead.split("/").pop())
    expect(left).not.toContain(deadFile.split("/").pop())
    expect(left).toContain(live.split("/").pop())
  })
})
