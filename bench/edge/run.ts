/**
 * npm run bench:edge
 *
 * What a heavy answer costs everyone else: the real server (`app/main.ts` on a scratch database) is asked
 * for `/api/health` by one client, one request after another, while 20 clients fetch the API's
 * documentation (`/api/docs`, about 2 MB of HTML) as browsers do, accepting brotli. The baseline, measured
 * in the same run: the same health requests on the idle server. Clients read the bytes as they come and
 * do not decompress them, so the load generator's CPU stays with the server's.
 */

import { mkdtemp, rm } from "node:fs/promises"
import { request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "#events/test-postgres.ts"
import { now, percentile, printTable } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"

const heavyClients = 20
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const rounds = 2
const targetRatio = 2

const database = await scratchDatabase("edge")
const port = await freePort()
const dataDir = await mkdtemp(join(tmpdir(), "melody-bench-edge-"))
const server = await startServer({ databaseUrl: database.url, port, dataDir })
console.log(
  `Edge benchmark on ${database.source}: ${heavyClients} clients on /api/docs, ${seconds} s rounds.`,
)

interface Got {
  readonly status: number
  readonly bytes: number
  readonly encoding: string | undefined
}

/** One GET, its body counted and thrown away. */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<Got>((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, path, headers }, (response) => {
      let bytes = 0
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length
      })
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          bytes,
          encoding: response.headers["content-encoding"],
        }),
      )
      response.on("error", reject)
    })
    outgoing.on("error", reject)
    outgoing.end()
  })

/** `/api/health` asked again as soon as it answers, for the round: its latencies in ms, and its failures. */
const healthLatencies = async () => {
  const samples: Array<number> = []
  let failures = 0
  const end = now() + seconds * 1000
  while (now() < end) {
    const t0 = now()
    // A health check that fails (its database check timed out while it waited) still took its time.
    const answer = await get("/api/health").catch(() => undefined)
    samples.push(now() - t0)
    if (answer?.status !== 200) failures++
  }
  return { samples, failures }
}

/** The documentation fetched by `heavyClients` clients at once until `until()` says stop. */
const fetchDocs = async (running: () => boolean) => {
  let answers = 0
  let bytes = 0
  let failures = 0
  const encodings = new Set<string>()
  await Promise.all(
    Array.from({ length: heavyClients }, async () => {
      while (running()) {
        const answer = await get("/api/docs", { "accept-encoding": "br" }).catch(() => undefined)
        if (answer?.status !== 200) failures++
        else {
          answers++
          bytes += answer.bytes
          encodings.add(answer.encoding ?? "identity")
        }
      }
    }),
  )
  return { answers, bytes, failures, encodings: [...encodings].join(", ") }
}

const plain = await get("/api/docs")
console.log(`/api/docs is ${(plain.bytes / 1024 / 1024).toFixed(2)} MB uncompressed.`)
// Warm-up: the first answers of each kind (and whatever the server keeps from them).
for (let i = 0; i < 20; i++) await get("/api/health")
for (let i = 0; i < 3; i++) await get("/api/docs", { "accept-encoding": "br" })

const idle: Array<number> = []
const loaded: Array<number> = []
let docs = { answers: 0, bytes: 0, failures: 0, encodings: "" }
let healthFailures = 0
for (let round = 0; round < rounds; round++) {
  const quiet = await healthLatencies()
  idle.push(percentile(quiet.samples, 99))
  let running = true
  const heavy = fetchDocs(() => running)
  const busy = await healthLatencies()
  running = false
  const fetched = await heavy
  loaded.push(percentile(busy.samples, 99))
  healthFailures += quiet.failures + busy.failures
  docs = {
    answers: docs.answers + fetched.answers,
    bytes: docs.bytes + fetched.bytes,
    failures: docs.failures + fetched.failures,
    encodings: fetched.encodings,
  }
}

const idleP99 = Math.max(...idle)
const loadedP99 = Math.max(...loaded)
const ratio = loadedP99 / idleP99
const ms = (value: number) => `${value.toFixed(1)} ms`
printTable(
  `/api/health while ${heavyClients} clients fetch /api/docs (brotli accepted) vs idle; worst of ${rounds} rounds of ${seconds} s; ratio: lower is better`,
  [
    {
      scenario: "/api/health p99",
      ours: `${ms(loadedP99)} (rounds: ${loaded.map(ms).join(", ")}), ${healthFailures} failed`,
      baseline: `${ms(idleP99)} idle (rounds: ${idle.map(ms).join(", ")})`,
      ratio,
      target: `< ${targetRatio}x`,
      pass: ratio < targetRatio && healthFailures === 0,
    },
    {
      scenario: "/api/docs answered meanwhile",
      ours: `${(docs.answers / (rounds * seconds)).toFixed(1)}/s, ${(docs.bytes / Math.max(docs.answers, 1) / 1024).toFixed(0)} KB each (${docs.encodings}), ${docs.failures} failed`,
      baseline: `${(plain.bytes / 1024).toFixed(0)} KB uncompressed`,
      ratio: undefined,
      target: "",
      pass: undefined,
    },
  ],
)

await stop(server)
await rm(dataDir, { recursive: true, force: true })
await database.drop()
