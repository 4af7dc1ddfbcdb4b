/**
 * npm run bench:edge
 *
 * What a heavy answer costs everyone else: the real server (`app/main.ts` on a scratch database) is asked
 * for `/api/health` by one client, one request after another, while 20 clients fetch the API's
 * documentation (`/api/docs`, about 2 MB of HTML) as browsers do, accepting brotli, each once a second:
 * 20 pages a second, ten times what one compression per request could serve. The baseline, measured in
 * the same run: the same health requests on the idle server. For scale, the same 20 clients asking as
 * fast as they are answered, for the docs and for a small answer (`/api/site`): a saturated server, where
 * any answer costs health its turn in the queue. The clients run in a process of their own (clients.ts),
 * so their work does not delay the health checks in this one; they count the bytes as they come and do
 * not decompress them.
 */
import { spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "#events/test-postgres.ts"
import { now, percentile, printTable } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"

const clients = 20
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const rounds = 2
const targetRatio = 2
const readerPace = 1000

const database = await scratchDatabase("edge")
const port = await freePort()
const dataDir = await mkdtemp(join(tmpdir(), "melody-bench-edge-"))
const server = await startServer({ databaseUrl: database.url, port, dataDir })
console.log(`Edge benchmark on ${database.source}: ${clients} clients, ${seconds} s rounds.`)

/** One GET, its body counted and thrown away. */
const get = (path: string) =>
  new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, path }, (response) => {
      let bytes = 0
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length
      })
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }))
      response.on("error", reject)
    })
    outgoing.on("error", reject)
    outgoing.end()
  })

interface Health {
  readonly p50: number
  readonly p99: number
  readonly failures: number
}

/** `/api/health` asked again as soon as it answers, for `forSeconds`. */
const health = async (forSeconds: number): Promise<Health> => {
  const samples: Array<number> = []
  let failures = 0
  const end = now() + forSeconds * 1000
  while (now() < end) {
    const t0 = now()
    // A health check that fails (its database check timed out while it waited) still took its time.
    const answer = await get("/api/health").catch(() => undefined)
    samples.push(now() - t0)
    if (answer?.status !== 200) failures++
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), failures }
}

interface Load {
  readonly answers: number
  readonly bytes: number
  readonly failures: number
  readonly encodings: string
}

/**
 * `path` fetched by the clients for a round, from their own process, each `pace` ms after its last answer
 * (0: at once), with health asked meanwhile.
 */
const healthUnder = async (path: string, pace: number) => {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "bench/edge/clients.ts",
      String(port),
      String(clients),
      String(seconds),
      path,
      String(pace),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  )
  let printed = ""
  child.stdout.on("data", (chunk: Buffer) => {
    printed += chunk.toString()
  })
  const exited = new Promise((resolve) => child.once("exit", resolve))
  // Node and tsx start before the clients ask for anything; health is measured while they are at it.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const measured = await health(seconds - 3)
  await exited
  return { health: measured, load: JSON.parse(printed) as Load }
}

const docsSize = (await get("/api/docs")).bytes
// Warm-up: the first answers of each kind, and what the server keeps of them.
for (let i = 0; i < 20; i++) await get("/api/health")
const worst = {
  idle: [] as Array<Health>,
  docs: [] as Array<Health>,
  docsFlatOut: [] as Array<Health>,
  smallFlatOut: [] as Array<Health>,
}
const loads: Array<Load> = []
await healthUnder("/api/docs", 0)
for (let round = 0; round < rounds; round++) {
  worst.idle.push(await health(seconds - 3))
  const docs = await healthUnder("/api/docs", readerPace)
  worst.docs.push(docs.health)
  loads.push(docs.load)
  worst.docsFlatOut.push((await healthUnder("/api/docs", 0)).health)
  worst.smallFlatOut.push((await healthUnder("/api/site", 0)).health)
}

const p99 = (runs: ReadonlyArray<Health>) => Math.max(...runs.map((run) => run.p99))
const figures = (runs: ReadonlyArray<Health>) =>
  `p99 ${p99(runs).toFixed(1)} ms, p50 ${Math.max(...runs.map((run) => run.p50)).toFixed(1)} ms` +
  (runs.some((run) => run.failures > 0)
    ? `, ${runs.reduce((sum, run) => sum + run.failures, 0)} failed`
    : "")
const idle = p99(worst.idle)
const answers = loads.reduce((sum, load) => sum + load.answers, 0)
const sent = loads.reduce((sum, load) => sum + load.bytes, 0)
const failed = loads.reduce((sum, load) => sum + load.failures, 0)
printTable(
  `/api/health while ${clients} clients fetch an answer vs idle; worst of ${rounds} rounds; ratio: lower is better`,
  [
    {
      scenario: `while they fetch /api/docs (${(docsSize / 1024 / 1024).toFixed(1)} MB, brotli), each once a second`,
      ours: figures(worst.docs),
      baseline: `idle: ${figures(worst.idle)}`,
      ratio: p99(worst.docs) / idle,
      target: `< ${targetRatio}x`,
      pass: p99(worst.docs) / idle < targetRatio && worst.docs.every((run) => run.failures === 0),
    },
    {
      scenario: "while they fetch /api/docs as fast as they are answered",
      ours: figures(worst.docsFlatOut),
      baseline: `idle: ${figures(worst.idle)}`,
      ratio: p99(worst.docsFlatOut) / idle,
      target: "",
      pass: undefined,
    },
    {
      scenario: "while they fetch /api/site (small) as fast as they are answered",
      ours: figures(worst.smallFlatOut),
      baseline: `idle: ${figures(worst.idle)}`,
      ratio: p99(worst.smallFlatOut) / idle,
      target: "",
      pass: undefined,
    },
    {
      scenario: "/api/docs answered while fetched once a second",
      ours: `${(answers / (rounds * seconds)).toFixed(1)}/s, ${(sent / Math.max(answers, 1) / 1024).toFixed(0)} KB each (${loads[0]?.encodings}), ${failed} failed`,
      baseline: `${(docsSize / 1024).toFixed(0)} KB as it is`,
      ratio: undefined,
      target: "",
      pass: undefined,
    },
  ],
)

await stop(server)
await rm(dataDir, { recursive: true, force: true })
await database.drop()
