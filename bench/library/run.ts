/**
 * npm run bench:library
 *
 * 'Download my library' for a library of 1,000 songs (BENCH_SONGS), each a 64-second MP3 of 1 MB, from
 * the real server (`app/main.ts` on a scratch database): the zip streamed as it is made, read by a client
 * that throws it away. Measured: songs and megabytes a second, and the server's resident memory while it
 * sends (read from /proc): what it grows by as the download gets under way, and what it grows by after
 * the first quarter, which must stay flat. The baseline, measured in the same run: reading the same
 * MP3 files straight from disk one after another, the least any download of them must do.
 */
import { execFile } from "node:child_process"
import { createReadStream } from "node:fs"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Readable, Writable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { promisify } from "node:util"
import { freePort } from "#events/test-postgres.ts"
import { register } from "../support/accounts.ts"
import { now, printTable } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"
import { seedLibrary } from "./seed.ts"

const songs = Number(process.env.BENCH_SONGS ?? 1000)
const targetGrowthMb = 96
const targetFlatMb = 16
const mb = (bytes: number) => bytes / 1024 / 1024

const database = await scratchDatabase("library")
const port = await freePort()
const dataDir = await mkdtemp(join(tmpdir(), "melody-bench-library-"))
const base = `http://127.0.0.1:${port}`
const server = await startServer({ databaseUrl: database.url, port, dataDir })
console.log(`Library download benchmark on ${database.source}: ${songs} songs.`)

const mp3 = join(dataDir, "song.mp3")
await promisify(execFile)("ffmpeg", [
  ...["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=64"],
  ...["-ac", "2", "-b:a", "128k", mp3],
])
const { cookie, userId } = await register(base, "bench_archivist", {
  email: "archivist@bench.test",
  name: "Bench Archivist",
})
let t = now()
await seedLibrary({
  databaseUrl: database.url,
  mediaDir: join(dataDir, "media"),
  userId,
  songs,
  mp3,
  durationMs: 64_000,
})
const saved = async () =>
  ((await (await fetch(`${base}/api/songs/my-songs`, { headers: { cookie } })).json()) as []).length
for (let count = await saved(); count < songs; count = await saved()) {
  console.log(`  ${count} of ${songs} songs saved...`)
  await new Promise((resolve) => setTimeout(resolve, 2000))
}
console.log(`Seeded and saved in ${((now() - t) / 1000).toFixed(1)} s.`)

/** Counts what it is sent and keeps none of it. */
const sink = () => {
  let bytes = 0
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      bytes += chunk.length
      done()
    },
  })
  return { stream, bytes: () => bytes }
}

const residentBytes = async () => {
  const status = await readFile(`/proc/${server.pid}/status`, "utf8")
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

// Baseline: the same files read from disk one after another.
t = now()
let read = 0
for (let i = 0; i < songs; i++)
  for await (const chunk of createReadStream(mp3)) read += chunk.length
const baselineMs = now() - t

// Ours: the whole library as one zip, from the request to its last byte; the server's memory is sampled
// throughout, and noted once a quarter of the zip has arrived.
const before = await residentBytes()
let peak = before
let atQuarter: number | undefined
let lateGrowth = 0
const zip = sink()
t = now()
const response = await fetch(`${base}/api/library/download`, { headers: { cookie } })
const total = Number(response.headers.get("content-length"))
const sampler = setInterval(() => {
  void residentBytes().then((rss) => {
    peak = Math.max(peak, rss)
    if (zip.bytes() >= total / 4) {
      atQuarter ??= rss
      lateGrowth = Math.max(lateGrowth, rss - atQuarter)
    }
  })
}, 50)
await pipeline(Readable.fromWeb(response.body as never), zip.stream)
const oursMs = now() - t
clearInterval(sampler)
if (!response.ok || zip.bytes() !== total)
  throw new Error(`the download failed: ${response.status}, ${zip.bytes()} of ${total} bytes`)

const rate = (count: number, ms: number) => (count * 1000) / ms
const growth = mb(peak - before)
const late = mb(lateGrowth)
printTable(
  `The whole library as one zip from the server vs reading its MP3s from disk; ${songs} songs, ${mb(zip.bytes()).toFixed(0)} MB; ratio: higher is better for ours`,
  [
    {
      scenario: `${songs} songs: songs a second`,
      ours: `${rate(songs, oursMs).toFixed(0)} songs/s (${(oursMs / 1000).toFixed(1)} s)`,
      baseline: `${rate(songs, baselineMs).toFixed(0)} songs/s (${(baselineMs / 1000).toFixed(1)} s)`,
      ratio: baselineMs / oursMs,
      target: "",
      pass: undefined,
    },
    {
      scenario: `${songs} songs: megabytes a second`,
      ours: `${rate(mb(zip.bytes()), oursMs).toFixed(0)} MB/s`,
      baseline: `${rate(mb(read), baselineMs).toFixed(0)} MB/s`,
      ratio: rate(mb(zip.bytes()), oursMs) / rate(mb(read), baselineMs),
      target: "",
      pass: undefined,
    },
    {
      scenario: "server memory while it sends: growth over its resident size before",
      ours: `+${growth.toFixed(1)} MB (peak ${mb(peak).toFixed(0)} MB)`,
      baseline: `${mb(before).toFixed(0)} MB before`,
      ratio: undefined,
      target: `< ${targetGrowthMb} MB`,
      pass: growth < targetGrowthMb,
    },
    {
      scenario: "server memory over the last three quarters of the zip: growth",
      ours: `+${late.toFixed(1)} MB`,
      baseline: "",
      ratio: undefined,
      target: `< ${targetFlatMb} MB (flat)`,
      pass: late < targetFlatMb,
    },
  ],
)

await stop(server)
await database.drop()
await rm(dataDir, { recursive: true, force: true })
process.exit(growth < targetGrowthMb && late < targetFlatMb ? 0 : 1)
