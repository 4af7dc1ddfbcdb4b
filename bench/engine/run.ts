/**
 * npm run bench:engine
 *
 * Full-length songs (verse, chorus, verse, chorus; the default length limit) in three styles, each rendered
 * by the engine's child process started as `MusicEngine` starts it (`node --import tsx
 * stand-ins/music-engine/main.ts`, its own process group) and, as `MusicEngine` keeps one ready ahead of
 * its render, timed from the request on its stdin. For each, the realtime factor (song length over render
 * time, by the wall clock and by the CPU time of every process involved) and the time from the request
 * until its MP3 exists. The baseline, measured in the same run on the
 * same song: ffmpeg alone encoding the engine's WAV to a 192 kbit/s MP3, the least any render must do.
 * Then what a creator does to the finished song, each next to its full render in the same round: extend
 * it at its end, replace its second verse, cover it in another style, make it instrumental; and taken
 * apart: its stems, played again part by part, and its MIDI file. Rounds alternate between the sides.
 */
import { execFile } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { childrenCpuMs } from "../support/cpu-time.ts"
import { loadAverage, machineFacts } from "../support/machine.ts"
import { now, printTable, type Row } from "../support/report.ts"
import { type Measured, type Rendered, renderOnce } from "./engine-child.ts"
import { type OperationKind, operationKinds, operationRequest } from "./operations.ts"
import { benchSongs } from "./songs.ts"

const execFileAsync = promisify(execFile)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const targetRealtime = 10
const targetFirstAudioMs = 10_000
const targetReplaceShare = 0.3

const scratch = await mkdtemp(join(tmpdir(), "melody-bench-engine-"))
console.log(
  `Music engine benchmark: ${benchSongs.length} full songs and ${operationKinds.length} operations on each, ${rounds} rounds, ${machineFacts()}.`,
)

/** ffmpeg alone: the engine's WAV to MP3, as the engine's last step does with lame. */
const encodeOnce = async (wavPath: string, outDir: string): Promise<Measured> => {
  const cpuBefore = childrenCpuMs()
  const started = now()
  await execFileAsync("ffmpeg", [
    ...["-v", "error", "-y", "-i", wavPath, "-c:a", "libmp3lame", "-b:a", "192k"],
    join(outDir, "baseline.mp3"),
  ])
  const wallMs = now() - started
  const { stdout } = await execFileAsync("ffprobe", [
    ...["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", wavPath],
  ])
  return {
    wallMs,
    cpuMs: childrenCpuMs() - cpuBefore,
    firstAudioMs: wallMs,
    seconds: Number(stdout),
  }
}

const worst = (runs: ReadonlyArray<Measured>): Measured => ({
  wallMs: Math.max(...runs.map((r) => r.wallMs)),
  cpuMs: Math.max(...runs.map((r) => r.cpuMs)),
  firstAudioMs: Math.max(...runs.map((r) => r.firstAudioMs)),
  seconds: runs[0]!.seconds,
})

const factor = (seconds: number, ms: number) => (seconds * 1000) / ms
const x = (n: number) => `${n.toFixed(1)}x`
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const rows: Array<Row> = []
const operationRows: Array<Row> = []
const partRows: Array<Row> = []

/** A stage's time from the engine's log ("midi: 3 ms (...)"). */
const stageMs = (stages: string, name: string) =>
  Number(new RegExp(`^${name}: (\\d+) ms`, "m").exec(stages)?.[1] ?? Number.NaN)

interface Operated {
  readonly measured: Measured
  readonly rendered: Rendered
  readonly source: { readonly measured: Measured; readonly rendered: Rendered }
}

/** The rows of one operation of a song, by its worst round. */
const operationRowsOf = (name: string, kind: OperationKind, runs: ReadonlyArray<Operated>): Row => {
  const full = worst(runs.map((run) => run.source.measured))
  const fullFactor = factor(full.seconds, full.wallMs)
  const ours = worst(runs.map((run) => run.measured))
  const baseline = `${x(fullFactor)} (${s(full.wallMs)})`
  if (kind === "replace-section") {
    const share = Math.max(...runs.map((run) => run.measured.wallMs / run.source.measured.wallMs))
    const inside = Math.max(
      ...runs.map((run) => run.rendered.renderMs / run.source.rendered.renderMs),
    )
    return {
      scenario: `${name}: replace the second verse, share of the full render`,
      ours: `${s(ours.wallMs)}: ${share.toFixed(2)} (engine alone ${inside.toFixed(2)})`,
      baseline,
      ratio: 1 / share,
      target: `<= ${targetReplaceShare.toFixed(2)}`,
      pass: share <= targetReplaceShare,
    }
  }
  if (kind === "extend") {
    // What the extension added: from the joint (the source's last bar) to its end.
    const added = Math.min(
      ...runs.map((run) => run.rendered.durationMs - run.source.rendered.facts.endMs),
    )
    const addedFactor = factor(added / 1000, ours.wallMs)
    return {
      scenario: `${name}: extend at its end (+${(added / 1000).toFixed(1)} s), realtime, wall`,
      ours: `${x(addedFactor)} (${s(ours.wallMs)})`,
      baseline,
      ratio: addedFactor / fullFactor,
      target: "",
      pass: undefined,
    }
  }
  const oursFactor = factor(ours.seconds, ours.wallMs)
  return {
    scenario: `${name}: ${kind === "restyle" ? "cover" : "instrumental"} (${ours.seconds.toFixed(1)} s), realtime, wall`,
    ours: `${x(oursFactor)} (${s(ours.wallMs)})`,
    baseline,
    ratio: oursFactor / fullFactor,
    target: `>= ${targetRealtime}x`,
    pass: oursFactor >= targetRealtime,
  }
}

const t = now()
for (const song of benchSongs) {
  const ours: Array<Measured> = []
  const bare: Array<Measured> = []
  const operated = new Map<OperationKind, Array<Operated>>(operationKinds.map((kind) => [kind, []]))
  const stems: Array<Measured> = []
  const midiMs: Array<number> = []
  for (let round = 0; round < rounds; round++) {
    const outDir = join(scratch, `${song.title.replace(/\W+/g, "-")}-${round}`)
    const source = await renderOnce({
      title: song.title,
      lyrics: song.lyrics,
      style: song.style,
      seed: 1,
      outDir,
    })
    ours.push(source.measured)
    midiMs.push(stageMs(source.stages, "midi"))
    bare.push(await encodeOnce(source.rendered.wavPath, outDir))
    stems.push(
      (
        await renderOnce({
          title: song.title,
          lyrics: song.lyrics,
          style: song.style,
          seed: 1,
          outDir: `${outDir}-stems`,
          stems: true,
        })
      ).measured,
    )
    for (const kind of operationKinds) {
      const request = operationRequest(song, kind, source.rendered, `${outDir}-${kind}`)
      const { rendered, stages, measured } = await renderOnce(request)
      operated.get(kind)!.push({ rendered, measured, source })
      if (round === 0)
        console.log(
          `${song.name}, ${kind}: ${measured.seconds.toFixed(1)} s, ${rendered.lufs} LUFS\n  ${stages.replaceAll("\n", "\n  ")}`,
        )
    }
    const { rendered, stages, measured } = source
    if (round === 0)
      console.log(
        `${song.name}: ${rendered.genre}, ${measured.seconds.toFixed(1)} s, ${rendered.lufs} LUFS, ` +
          `${rendered.truePeakDb} dBTP, ${rendered.vocalRegions.length} sung lines\n  ${stages.replaceAll("\n", "\n  ")}`,
      )
  }
  const a = worst(ours)
  const b = worst(bare)
  const wallFactor = factor(a.seconds, a.wallMs)
  const cpuFactor = factor(a.seconds, a.cpuMs)
  rows.push(
    {
      scenario: `${song.name} (${a.seconds.toFixed(1)} s): realtime, wall`,
      ours: `${x(wallFactor)} (${s(a.wallMs)})`,
      baseline: `${x(factor(b.seconds, b.wallMs))} (${s(b.wallMs)})`,
      ratio: wallFactor / factor(b.seconds, b.wallMs),
      target: `>= ${targetRealtime}x`,
      pass: wallFactor >= targetRealtime,
    },
    {
      scenario: `${song.name}: realtime, CPU of all processes`,
      ours: `${x(cpuFactor)} (${s(a.cpuMs)})`,
      baseline: `${x(factor(b.seconds, b.cpuMs))} (${s(b.cpuMs)})`,
      ratio: cpuFactor / factor(b.seconds, b.cpuMs),
      target: "",
      pass: undefined,
    },
    {
      scenario: `${song.name}: request to playable MP3`,
      ours: s(a.firstAudioMs),
      baseline: s(b.firstAudioMs),
      ratio: b.firstAudioMs / a.firstAudioMs,
      target: `< ${targetFirstAudioMs / 1000} s`,
      pass: a.firstAudioMs < targetFirstAudioMs,
    },
  )
  const apart = worst(stems)
  const midi = Math.max(...midiMs)
  partRows.push(
    {
      scenario: `${song.name}: stems (five WAVs, played again part by part), realtime, wall`,
      ours: `${x(factor(apart.seconds, apart.wallMs))} (${s(apart.wallMs)})`,
      baseline: `${x(wallFactor)} (${s(a.wallMs)})`,
      ratio: factor(apart.seconds, apart.wallMs) / wallFactor,
      target: "",
      pass: undefined,
    },
    {
      scenario: `${song.name}: its MIDI file, written from the score`,
      ours: `${midi} ms`,
      baseline: s(a.wallMs),
      ratio: a.wallMs / Math.max(1, midi),
      target: "",
      pass: undefined,
    },
  )
  for (const kind of operationKinds)
    operationRows.push(operationRowsOf(song.name, kind, operated.get(kind)!))
}

printTable(
  `Full songs by the engine's child process (Festival, FluidSynth, lame) vs ffmpeg encoding the same song's WAV to MP3; worst of ${rounds} rounds, ratio: higher is better for ours`,
  rows,
)
printTable(
  `A song taken apart vs its full render in the same round (wall clock, from the request to the child's exit); worst of ${rounds} rounds, ratio: higher is better for ours`,
  partRows,
)
printTable(
  `Operation a finished song vs its full render in the same round (wall clock, from the request to the child's exit); worst of ${rounds} rounds, ratio: higher is better for ours`,
  operationRows,
)
console.log(`Measured in ${((now() - t) / 1000).toFixed(0)} s; load average now ${loadAverage()}.`)

await rm(scratch, { recursive: true, force: true })
process.exit([...rows, ...operationRows].some((row) => row.pass === false) ? 1 : 0)
