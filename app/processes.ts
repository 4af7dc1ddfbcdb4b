import { readdirSync, readFileSync } from "node:fs"

export interface RunningProcess {
  readonly pid: number
  readonly parent: number
  readonly group: number
  readonly command: string
}

/** Every process on this machine, from /proc (Linux): the crash tests look for what a server left. */
export const runningProcesses = (): Array<RunningProcess> =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? []
        const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\u0000", " ")
        if (fields[0] === "Z") return []
        return [{ pid: Number(pid), parent: Number(fields[1]), group: Number(fields[2]), command }]
      } catch {
        return []
      }
    })
