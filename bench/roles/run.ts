/**
 * npm run bench:roles
 *
 * Web and render workers apart: the timeline's p99 on a web process (ROLE=web) while 4 songs and 4 videos
 * render on a worker process (ROLE=worker), against the same with nothing rendering; target: under 1.2.
 * Each role has a machine of its own in production; here each has a CPU of its own (taskset): the web
 * process, and this benchmark's load, on CPU 0, the worker and every render it starts on CPU 1.
 * PostgreSQL, shared by both as in production, is not pinned.
 */
import { execFileSync } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { availableParallelism, tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { freePort } from "#events/test-postgres.ts"
import { register } from "../support/accounts.ts"
import { machineFacts } from "../support/machine.ts"
import { now, printTable } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"
import { load, type Measured, worst } from "../timeline/measure.ts"
import { newestSong, requestSong, requestVideo, songDone, verifiedCreator } from "./creators.ts"

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = 20
const targetRatio = 1.2

if (availableParallelism() < 2) {
  console.log("bench:roles needs two CPUs, one for each role.")
  process.exit(0)
}
const machine = machineFacts()
execFileSync("taskset", ["-p", "-c", "0", String(process.pid)], { stdio: "ignore" })

const database = await scratchDatabase("roles")
const dataDir = await mkdtemp(join(tmpdir(), "melody-bench-roles-"))
const [webPort, workerPort] = [await freePort(), await freePort()]
const base = `http://127.0.0.1:${webPort}`
const shared = {
  databaseUrl: database.url,
  dataDir,
  env: { APP_URL: base, REGISTRATIONS_PER_ADDRESS: "1000" },
}
const web = await startServer({
  ...shared,
  port: webPort,
  cpus: "0",
  env: { ...shared.env, ROLE: "web" },
})
const worker = await startServer({
  ...shared,
  port: workerPort,
  cpus: "1",
  env: { ...shared.env, ROLE: "worker" },
})
const db = new pg.Pool({ connectionString: database.url, max: 2 })
try {
  const rendering = async () =>
    Number(
      (
        await db.query(
          "select count(*) as n from graphile_worker.jobs where locked_at is not null and locked_at > now() - interval '10 minutes'",
        )
      ).rows[0].n,
    )

  console.log(
    `Roles benchmark on ${database.source}, ${machine}: ${connections} connections, ${seconds} s rounds.`,
  )
  let t = now()
  const creators = await Promise.all(
    [1, 2, 3, 4].map((n) => verifiedCreator(base, `roles-creator-${n}-${Date.now()}`)),
  )
  // A first song each, made public: the timeline has songs, and each creator one to make a video of.
  const first = await Promise.all(creators.map((creator, n) => requestSong(base, creator, n)))
  await Promise.all(first.map((taskId, n) => songDone(base, creators[n]!, taskId)))
  const songIds = await Promise.all(creators.map((creator) => newestSong(base, creator)))
  await Promise.all(
    songIds.map((id, n) =>
      fetch(`${base}/api/songs/${id}/privacy`, {
        method: "PATCH",
        headers: { "content-type": "application/json", origin: base, cookie: creators[n]!.cookie },
        body: JSON.stringify({ isPublic: true }),
      }),
    ),
  )
  const listener = await register(base, `roles-listener-${Date.now()}`)
  console.log(`Set up in ${((now() - t) / 1000).toFixed(0)} s.`)

  const timeline = async () => {
    const options = { base, connections, seconds, cookie: listener.cookie }
    await load({ ...options, seconds: 3 }, () => "/api/songs/public?limit=20&offset=0")
    const rounds: Array<Measured & { rendering: number }> = []
    for (let round = 0; round < 2; round++) {
      const measured = await load(options, () => "/api/songs/public?limit=20&offset=0")
      rounds.push({ ...measured, rendering: await rendering() })
    }
    return { ...worst(rounds), rendering: Math.min(...rounds.map((r) => r.rendering)) }
  }

  t = now()
  const quiet = await timeline()
  await Promise.all(creators.map((creator, n) => requestSong(base, creator, 10 + n)))
  await Promise.all(creators.map((creator, n) => requestVideo(base, creator, songIds[n]!)))
  while ((await rendering()) === 0) await new Promise((resolve) => setTimeout(resolve, 100))
  const busy = await timeline()
  console.log(`Measured in ${((now() - t) / 1000).toFixed(0)} s.`)

  const ratio = busy.p99 / Math.max(quiet.p99, 1)
  const rows = [
    {
      scenario: `timeline p99 while 4 songs and 4 videos render (jobs running at each round's end: ${busy.rendering}+)`,
      ours: `${busy.p99} ms (p50 ${busy.p50} ms, ${Math.round(busy.perSecond)}/s, ${busy.failures} failed)`,
      baseline: `${quiet.p99} ms (p50 ${quiet.p50} ms, ${Math.round(quiet.perSecond)}/s)`,
      ratio,
      target: `< ${targetRatio}x`,
      pass: ratio < targetRatio && busy.rendering > 0 && busy.failures === 0,
    },
  ]
  printTable(
    "GET /api/songs/public on a web process while a worker renders, vs nothing rendering, worst of 2 rounds; ratio: lower is better",
    rows,
  )
  process.exitCode = rows.every((row) => row.pass) ? 0 : 1
} finally {
  await db.end()
  await stop(web)
  await stop(worker)
  await database.drop()
  await rm(dataDir, { recursive: true, force: true })
}
