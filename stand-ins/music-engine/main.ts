/**
 * One render, as its own process: a JSON `SongRequest` on stdin; "ready" once loaded, then one JSON
 * `RenderedSong` line on stdout (`RenderedStems` for a request with `stems: true`); stage timings and CPU time on stderr. Started by `MusicEngine` in a process
 * group of its own, which it kills whole on a timeout, and which ends by itself when the server does
 * (tether.ts).
 */
import { readFileSync } from "node:fs"
import { text } from "node:stream/consumers"
import type { SongRequest } from "#modules/music/ports.ts"
import { renderSong } from "./render-song.ts"
import { renderStems } from "./render-stems.ts"
import { tetherToServer } from "./tether.ts"

/** CPU time of the programs this process started and waited for (Festival, FluidSynth, lame), in ms. */
const childrenCpuMs = () => {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? []
    return ((Number(fields[13]) || 0) + (Number(fields[14]) || 0)) * 10
  } catch {
    return Number.NaN // not Linux
  }
}

tetherToServer()
// Loaded: a child started ahead of its render (child-process.ts) is ready from here on.
process.stdout.write("ready\n")

try {
  const { stems, ...request } = JSON.parse(await text(process.stdin)) as SongRequest & {
    readonly stems?: boolean
  }
  let cpuBefore = process.cpuUsage()
  const song = stems
    ? await renderStems(request)
    : await renderSong(request, (stage, ms) => {
        const cpu = process.cpuUsage(cpuBefore)
        cpuBefore = process.cpuUsage()
        process.stderr.write(
          `${stage}: ${ms} ms (${Math.round((cpu.user + cpu.system) / 1000)} ms CPU here)\n`,
        )
      })
  const own = process.cpuUsage()
  process.stderr.write(
    `cpu: ${Math.round((own.user + own.system) / 1000)} ms here, ${childrenCpuMs()} ms in Festival, FluidSynth and lame\n`,
  )
  process.stdout.write(`${JSON.stringify(song)}\n`)
  process.exitCode = 0
} catch (error) {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exitCode = 1
}
