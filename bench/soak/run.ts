/**
 * npm run bench:soak
 *
 * Ten minutes (SOAK_SECONDS) of mixed traffic from 200 people (SOAK_PEOPLE), each acting every 1 to 4
 * seconds: browsing the timeline, trending, newest, songs and search, liking, playing, downloading,
 * buying credits and generating songs on the offline engine. The server's memory, event-loop delay and
 * job queue are read from its own metrics every 10 s. Targets: no error (a 5xx or no answer), memory flat
 * after the warm-up (the heap's floor, what it holds after a collection, in the last minute within 15% of
 * the first minute's after it), and the credit audit finding no drift once the queue is empty.
 */
import { execFile } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { freePort } from "#events/test-postgres.ts"
import { newestSong, requestSong, songDone, verifiedCreator } from "../roles/creators.ts"
import { machineFacts } from "../support/machine.ts"
import { printTable } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"
import { type Sample, sampleMetrics } from "./metrics.ts"
import { act, newTally, signUpPeople } from "./people.ts"

const seconds = Number(process.env.SOAK_SECONDS ?? 600)
const peopleCount = Number(process.env.SOAK_PEOPLE ?? 200)
const warmUpSeconds = Math.min(120, seconds / 5)
const everySeconds = 10
const heapGrowthLimit = 1.15

const database = await scratchDatabase("soak")
const dataDir = await mkdtemp(join(tmpdir(), "melody-bench-soak-"))
const [port, metricsPort] = [await freePort(), await freePort()]
const base = `http://127.0.0.1:${port}`
const server = await startServer({
  databaseUrl: database.url,
  port,
  dataDir,
  env: {
    METRICS_PORT: String(metricsPort),
    REGISTRATIONS_PER_ADDRESS: "10000",
    // Every person comes from this machine's address: its limit on plays is for many people, not one.
    PLAYS_PER_ADDRESS: "1000000",
  },
})
const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`

try {
  console.log(
    `Soak on ${database.source}, ${machineFacts()}: ${peopleCount} people for ${seconds} s, warm-up ${warmUpSeconds} s.`,
  )
  // Songs to browse, like, play and download: three creators' first songs, made public.
  const creators = await Promise.all(
    [1, 2, 3].map((n) => verifiedCreator(base, `soak-creator-${n}-${Date.now()}`)),
  )
  const tasks = await Promise.all(creators.map((creator, n) => requestSong(base, creator, n)))
  await Promise.all(tasks.map((task, n) => songDone(base, creators[n]!, task)))
  const songs = await Promise.all(creators.map((creator) => newestSong(base, creator)))
  for (const [n, id] of songs.entries()) {
    await fetch(`${base}/api/songs/${id}/privacy`, {
      method: "PATCH",
      headers: { "content-type": "application/json", origin: base, cookie: creators[n]!.cookie },
      body: JSON.stringify({ isPublic: true }),
    })
  }
  const people = [
    ...creators,
    ...(await signUpPeople(base, peopleCount - creators.length, `soak-${Date.now()}`)),
  ]

  const tally = newTally()
  const samples: Array<Sample> = []
  const started = performance.now()
  const elapsed = () => (performance.now() - started) / 1000
  const sampler = setInterval(() => {
    void sampleMetrics(metricsUrl, Math.round(elapsed())).then((sample) => {
      samples.push(sample)
      console.log(
        `${String(sample.atSeconds).padStart(4)} s  rss ${sample.rssMb.toFixed(0)} MB  heap ${sample.heapMb.toFixed(0)} MB  loop p99 ${sample.loopP99Ms.toFixed(1)} ms  jobs ${sample.jobsWaiting} waiting ${sample.jobsRunning} running  answers ${tally.ok} ok ${tally.refused} refused ${tally.errors} errors`,
      )
    })
  }, everySeconds * 1000)
  await Promise.all(
    people.map(async (person) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 4000))
      while (elapsed() < seconds) {
        await act(base, person, songs, tally)
        await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 3000))
      }
    }),
  )
  clearInterval(sampler)

  // The renders asked for finish before the audit reads the ledger.
  for (let wait = 0; wait < 600; wait++) {
    const sample = await sampleMetrics(metricsUrl, Math.round(elapsed()))
    if (sample.jobsWaiting + sample.jobsRunning === 0) break
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  const audit = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "app/cli.ts", "audit"],
    {
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    },
  ).then(
    ({ stdout }) => ({ ok: true, said: stdout.trim() }),
    (error: { stdout?: string; stderr?: string }) => ({
      ok: false,
      said: `${error.stdout ?? ""}${error.stderr ?? ""}`.trim(),
    }),
  )

  const settled = samples.filter((s) => s.atSeconds > warmUpSeconds)
  const firstMinute = Math.min(...settled.slice(0, 6).map((s) => s.heapMb))
  const lastMinute = Math.min(...settled.slice(-6).map((s) => s.heapMb))
  const growth = lastMinute / Math.max(firstMinute, 1)
  const worstLoop = Math.max(...samples.map((s) => s.loopP99Ms))
  const mostJobs = Math.max(...samples.map((s) => s.jobsWaiting + s.jobsRunning))
  const actions = [...tally.byAction].map(([action, n]) => `${action} ${n}`).join(", ")
  const refusals = [...tally.refusals].map(([kind, n]) => `${kind}: ${n}`).join(", ")
  printTable(
    `Soak: ${tally.ok + tally.refused + tally.errors} answers (${actions}); ${tally.refused} refused (${refusals || "none"})`,
    [
      {
        scenario: "errors (5xx or no answer)",
        ours: `${tally.errors}${tally.lastErrors.length > 0 ? ` (${tally.lastErrors.join("; ")})` : ""}`,
        baseline: "-",
        ratio: undefined,
        target: "0",
        pass: tally.errors === 0,
      },
      {
        scenario: "heap floor (after collection), last minute vs first minute after warm-up",
        ours: `${lastMinute.toFixed(0)} MB`,
        baseline: `${firstMinute.toFixed(0)} MB`,
        ratio: growth,
        target: `< ${heapGrowthLimit}x`,
        pass: growth < heapGrowthLimit,
      },
      {
        scenario: "resident memory, last sample",
        ours: `${samples.at(-1)?.rssMb.toFixed(0)} MB`,
        baseline: "-",
        ratio: undefined,
        target: "-",
        pass: undefined,
      },
      {
        scenario: "event loop p99 delay, worst 10 s",
        ours: `${worstLoop.toFixed(1)} ms`,
        baseline: "-",
        ratio: undefined,
        target: "-",
        pass: undefined,
      },
      {
        scenario: "job queue, most waiting and running",
        ours: String(mostJobs),
        baseline: "-",
        ratio: undefined,
        target: "-",
        pass: undefined,
      },
      {
        scenario: "credit audit after the queue emptied",
        ours: audit.said.split("\n").at(-1) ?? "",
        baseline: "-",
        ratio: undefined,
        target: "no drift",
        pass: audit.ok,
      },
    ],
  )
  process.exitCode = tally.errors === 0 && growth < heapGrowthLimit && audit.ok ? 0 : 1
} finally {
  await stop(server)
  await database.drop()
  await rm(dataDir, { recursive: true, force: true })
}
