/**
 * npm run bench:web
 *
 * What a person on the built app waits for. First sound: Generate Song to the first `playing` of Version
 * 1 offline, over three songs (BENCH_SONGS), in a real browser (Debian's Chromium) against the real
 * server (`app/main.ts` on a scratch database); the baseline, in the same run, is the same with the page's
 * event stream taken away, so that it learns of the version by the 8 s poll alone. Target: under 8 s.
 */
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium } from "playwright-core"
import { freePort } from "#events/test-postgres.ts"
import { percentile, printTable } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"
import { firstSounds } from "./first-sound.ts"

const songs = Number(process.env.BENCH_SONGS ?? 3)
const targetSeconds = 8

process.env.SIGNUP_CREDITS = "100"
process.env.REGISTRATIONS_PER_ADDRESS = "100"
const database = await scratchDatabase("web")
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const server = await startServer({
  databaseUrl: database.url,
  port,
  dataDir: await mkdtemp(join(tmpdir(), "melody-bench-web-")),
})
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--autoplay-policy=no-user-gesture-required"],
})
console.log(`Web benchmark on ${database.source}: first sound over ${songs} songs, offline.`)
try {
  const pushed = await firstSounds(browser, base, { push: true, songs, username: "bench_pushed" })
  const polled = await firstSounds(browser, base, { push: false, songs, username: "bench_polled" })
  const show = (all: ReadonlyArray<number>) =>
    `${percentile(all, 50).toFixed(1)} s median, ${Math.max(...all).toFixed(1)} s worst (${all.map((s) => s.toFixed(1)).join(", ")})`
  printTable("Generate Song to first sound, offline", [
    {
      scenario: "pushed status (event stream), vs the 8 s poll alone",
      ours: show(pushed),
      baseline: show(polled),
      ratio: percentile(polled, 50) / percentile(pushed, 50),
      target: `< ${targetSeconds} s worst`,
      pass: Math.max(...pushed) < targetSeconds,
    },
  ])
} finally {
  await browser.close()
  await stop(server)
  await database.drop()
}
