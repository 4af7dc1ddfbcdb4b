/**
 * npm run bench:web
 *
 * What a person on the built app waits for. First sound: Generate Song to the first `playing` of Version
 * 1 offline, over three songs (BENCH_SONGS), in a real browser (Debian's Chromium) against the real
 * server (`app/main.ts` on a scratch database); the baseline, in the same run, is the same with the page's
 * event stream taken away, so that it learns of the version by the 8 s poll alone. Target: under 8 s.
 * Then Lighthouse on every public page (lighthouse.ts), with one of those songs made public; its targets
 * are the scores. BENCH_WEB=lighthouse measures one song's first sound and Lighthouse alone;
 * BENCH_PAGES (comma-separated paths, `song` for the shared song) narrows the pages, BENCH_RUNS runs each
 * page that many times and reports the median run (by performance score), BENCH_FORMS=mobile skips desktop,
 * BENCH_VISITS sets the sign-in page's first visits (3).
 */
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium, request } from "playwright-core"
import { freePort } from "#events/test-postgres.ts"
import { percentile, printTable } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"
import { firstSounds } from "./first-sound.ts"
import { firstVisits, type Visit } from "./first-visit.ts"
import { lighthouseScores, meetsTargets } from "./lighthouse.ts"

const lighthouseOnly = process.env.BENCH_WEB === "lighthouse"
const songs = lighthouseOnly ? 1 : Number(process.env.BENCH_SONGS ?? 3)
const targetSeconds = 8

process.env.SIGNUP_CREDITS = "100"
process.env.REGISTRATIONS_PER_ADDRESS = "100"
const database = await scratchDatabase("web")
// BENCH_PORT fixes the server's port (and Chromium's debugging port, the next one up) on a shared machine.
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort()
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
/** Makes this person's first song public, as its owner would; answers its id. */
async function shareFirstSong(base: string, username: string) {
  const api = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } })
  await api.post("/api/login", { data: { username, password: "secret-password" } })
  const [song] = (await (await api.get("/api/songs/my-songs")).json()) as Array<{ id: string }>
  if (!song) throw new Error("no song to share")
  await api.patch(`/api/songs/${song.id}/privacy`, { data: { isPublic: true } })
  await api.dispose()
  return song.id
}

function printScores(pages: Awaited<ReturnType<typeof lighthouseScores>>) {
  const ms = (n: number) => `${(n / 1000).toFixed(1)} s`
  console.log(
    "\nLighthouse 12.8.2, every public page (targets: performance >= 95 on a phone, the rest 100)\n",
  )
  console.table(
    pages.map((page) => ({
      page: page.path.replace(/[0-9a-f-]{36}/, ":id"),
      form: page.form,
      performance: page.scores.performance,
      accessibility: page.scores.accessibility,
      "best practices": page.scores["best-practices"],
      seo: page.scores.seo,
      FCP: ms(page.firstContentfulPaint),
      LCP: ms(page.largestContentfulPaint),
      TBT: `${Math.round(page.totalBlockingTime)} ms`,
      "main thread": `${(page.mainThreadWork / 1000).toFixed(1)} s`,
      "without other": `${(page.attributedWork / 1000).toFixed(2)} s`,
      CLS: page.cumulativeLayoutShift.toFixed(3),
      "JS KB": Math.round(page.scriptKb),
      "benchmark index": Math.round(page.benchmarkIndex),
      load: page.load.toFixed(1),
      runs: page.runs.join(" "),
      "": meetsTargets(page) ? "ok" : "MISSED",
    })),
  )
  for (const page of pages.filter((p) => !meetsTargets(p)))
    console.log(`${page.path} (${page.form}) falls short on: ${page.failing.join("; ")}`)
}

/** The sign-in page's first visits on a phone, with the splash and without it. */
async function printFirstVisits(visits: number) {
  const splashSeconds = 2.8
  const firstVisit = await firstVisits(browser, base, { visits, seenSplash: false })
  const seenSplash = await firstVisits(browser, base, { visits, seenSplash: true })
  const median = (visits: ReadonlyArray<Visit>, of: (visit: Visit) => number) =>
    percentile(visits.map(of), 50)
  const visitOf = (visits: ReadonlyArray<Visit>) =>
    `paint ${median(visits, (v) => v.paint).toFixed(1)} s, form ${median(visits, (v) => v.form).toFixed(1)} s`
  printTable("The sign-in page on a phone (slow 4G, CPU 4x slower), medians", [
    {
      scenario: "first visit (the splash), vs a visitor who has seen it",
      ours: visitOf(firstVisit),
      baseline: visitOf(seenSplash),
      ratio: median(seenSplash, (v) => v.form) / median(firstVisit, (v) => v.form),
      target: `form <= paint + ${splashSeconds} s + 0.5 s`,
      pass: median(firstVisit, (v) => v.form - v.paint) <= splashSeconds + 0.5,
    },
  ])
}

console.log(`Web benchmark on ${database.source}: first sound over ${songs} songs, offline.`)
try {
  const pushed = await firstSounds(browser, base, { push: true, songs, username: "bench_pushed" })
  const polled = lighthouseOnly
    ? pushed
    : await firstSounds(browser, base, { push: false, songs, username: "bench_polled" })
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
  const visits = Number(process.env.BENCH_VISITS ?? 3)
  if (visits > 0) await printFirstVisits(visits)
  const songId = await shareFirstSong(base, "bench_pushed")
  const paths = (process.env.BENCH_PAGES ?? "/,/auth,/timeline,song")
    .split(",")
    .map((path) => (path === "song" ? `/song/${songId}` : path))
  const pages = await lighthouseScores(base, paths, {
    runs: Number(process.env.BENCH_RUNS ?? 1),
    forms: process.env.BENCH_FORMS === "mobile" ? ["mobile"] : ["mobile", "desktop"],
    ...(process.env.BENCH_PORT ? { chromePort: port + 1 } : {}),
  })
  printScores(pages)
} finally {
  await browser.close()
  await stop(server)
  await database.drop()
}
