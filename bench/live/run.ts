/**
 * npm run bench:live
 *
 * 500 live streams (`GET /api/events`, BENCH_STREAMS) opened at once against the real server
 * (`app/main.ts` on a scratch database, its default pool of 10 connections) by a process of their own
 * (holder.ts): all for one person, as one person opening tab after tab or a script would, then one each
 * for as many people. Measured while they are open: the server's resident memory (from /proc) and
 * `/api/health`'s p99, asked 20 times a second; then the same while every stream is closed at once, and
 * the CPU time the server spends meanwhile. The baseline, measured in the same run just before each
 * scenario: the idle server's memory, and `/api/health`'s p99 and the server's CPU time while it is asked
 * for as long. Each figure is the median of three rounds (BENCH_ROUNDS); on a machine others load, the
 * CPU time says more than the latencies.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "#events/test-postgres.ts"
import { printTable, type Row } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"
import { holdStreams } from "./held.ts"
import { register } from "./people.ts"
import { healthFor, type Latencies } from "./streams.ts"

const streams = Number(process.env.BENCH_STREAMS ?? 500)
const measureMs = 10_000
const targetHealth = 2
/** 200 KB a stream. */
const targetMemoryMb = 100
/** Closing them all costs the server little more CPU than answering health alone does. */
const targetCloseCpu = 1.25

const database = await scratchDatabase("live")
const port = await freePort()
const dataDir = await mkdtemp(join(tmpdir(), "melody-bench-live-"))
const base = `http://127.0.0.1:${port}`
// The people of the second scenario register from one address.
process.env.REGISTRATIONS_PER_ADDRESS = String(streams + 10)
const server = await startServer({ databaseUrl: database.url, port, dataDir })
console.log(`Live streams benchmark on ${database.source}: ${streams} streams at once.`)

/** CPU time the server has used, user and system (/proc/<pid>/stat), in ms. */
const serverCpuMs = async () => {
  const fields = (await readFile(`/proc/${server.pid}/stat`, "utf8")).split(") ")[1]!.split(" ")
  return (Number(fields[11]) + Number(fields[12])) * 10
}
/** `/api/health` asked for `ms`, and the server's CPU time meanwhile. */
const healthAndCpu = async (ms: number) => {
  const before = await serverCpuMs()
  const latencies = await healthFor(base, ms)
  return { ...latencies, cpuMs: (await serverCpuMs()) - before }
}

const residentMb = async () => {
  const status = await readFile(`/proc/${server.pid}/status`, "utf8")
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000))

const [onePerson] = await register(base, "bench_tabs", 1)
const many = await register(base, "bench_listener", streams)
console.log(`Registered ${streams + 1} people.`)

const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const median = (values: ReadonlyArray<number>) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** One round: the idle server, then the streams opened at once, held, and closed at once. */
const round = async (cookies: ReadonlyArray<string>) => {
  await healthFor(base, 1_000)
  const idleMemory = await residentMb()
  const idle = await healthAndCpu(measureMs)
  const opened = await holdStreams(base, cookies)
  const open = await healthFor(base, measureMs)
  const openMemory = await residentMb()
  const stillOpen = await opened.stillOpen()
  await opened.close()
  const closing = await healthAndCpu(measureMs)
  await settle()
  return { opened, stillOpen, idleMemory, openMemory, idle, open, closing }
}

type Round = Awaited<ReturnType<typeof round>>

const ms = (n: number) => `${n.toFixed(0)} ms`

/** Each figure is the median of the rounds'; answers and failures are those of every round. */
const scenario = async (name: string, cookies: ReadonlyArray<string>): Promise<Array<Row>> => {
  const measured: Array<Round> = []
  for (let n = 0; n < rounds; n++) measured.push(await round(cookies))
  const of = (pick: (m: Round) => number) => median(measured.map(pick))
  const failures = (pick: (m: Round) => Latencies) =>
    measured.reduce((sum, m) => sum + pick(m).failures, 0)
  const latencies = (pick: (m: Round) => Latencies) => {
    const failed = failures(pick)
    return `p99 ${ms(of((m) => pick(m).p99))}, slowest ${ms(of((m) => pick(m).max))}${failed ? `, ${failed} failed` : ""}`
  }
  const statuses: Record<string, number> = {}
  for (const m of measured)
    for (const [status, count] of Object.entries(m.opened.statuses))
      statuses[status] = (statuses[status] ?? 0) + count / rounds
  const answers = Object.entries(statuses)
    .map(([status, count]) => `${count.toFixed(0)} x ${status}`)
    .join(", ")
  const growth = of((m) => m.openMemory - m.idleMemory)
  const idleP99 = of((m) => m.idle.p99)
  const idleCpu = of((m) => m.idle.cpuMs)
  const closeCpu = of((m) => m.closing.cpuMs)
  return [
    {
      scenario: `${name}: answers, all asked at once`,
      ours: `${answers} in ${(of((m) => m.opened.ms) / 1000).toFixed(1)} s; ${of((m) => m.stillOpen)} open`,
      baseline: "",
      ratio: undefined,
      target: "",
      pass: undefined,
    },
    {
      scenario: `${name}: memory while open`,
      ours: `${of((m) => m.openMemory).toFixed(0)} MB (+${growth.toFixed(0)} MB)`,
      baseline: `${of((m) => m.idleMemory).toFixed(0)} MB idle`,
      ratio: of((m) => m.openMemory / m.idleMemory),
      target: `< +${targetMemoryMb} MB`,
      pass: growth < targetMemoryMb,
    },
    {
      scenario: `${name}: /api/health while open`,
      ours: latencies((m) => m.open),
      baseline: latencies((m) => m.idle),
      ratio: of((m) => m.open.p99) / idleP99,
      target: `p99 < ${targetHealth}x`,
      pass: of((m) => m.open.p99) < targetHealth * idleP99 && failures((m) => m.open) === 0,
    },
    {
      scenario: `${name}: /api/health as all close`,
      ours: latencies((m) => m.closing),
      baseline: latencies((m) => m.idle),
      ratio: of((m) => m.closing.p99) / idleP99,
      target: "",
      pass: undefined,
    },
    {
      scenario: `${name}: server CPU as all close (${measureMs / 1000} s)`,
      ours: `${closeCpu} ms`,
      baseline: `${idleCpu} ms idle`,
      ratio: closeCpu / Math.max(1, idleCpu),
      target: `< ${targetCloseCpu}x`,
      pass: closeCpu < targetCloseCpu * idleCpu && failures((m) => m.closing) === 0,
    },
  ]
}

const rows = [
  ...(await scenario(`one person, ${streams} streams`, Array(streams).fill(onePerson))),
  ...(await scenario(`${streams} people, one stream each`, many)),
]
printTable(
  `${streams} live streams against the idle server, same run, median of ${rounds} rounds; ratio: ours / idle, lower is better`,
  rows,
)

await stop(server)
await database.drop()
await rm(dataDir, { recursive: true, force: true })
process.exit(rows.every((row) => row.pass !== false) ? 0 : 1)
