import { writeFile } from "node:fs/promises"
import { loadavg } from "node:os"
import { join } from "node:path"
import { launch } from "chrome-launcher"
import lighthouse from "lighthouse"
import desktopConfig from "lighthouse/core/config/desktop-config.js"

/** The targets for a public page: performance on a phone, and the other three on any screen. */
export const targets = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 }

type Category = keyof typeof targets

export interface PageScores {
  readonly path: string
  readonly form: "mobile" | "desktop"
  readonly scores: Record<Category, number>
  /** Milliseconds, as Lighthouse simulates them for its device. */
  readonly firstContentfulPaint: number
  readonly largestContentfulPaint: number
  readonly totalBlockingTime: number
  /** The main thread's work while the page loaded (Lighthouse's breakdown, simulated for its device). */
  readonly mainThreadWork: number
  /**
   * The same without Lighthouse's "other" (time in tasks it cannot put down to script, style, layout,
   * parsing or painting), which grows with whatever else the machine's cores are doing.
   */
  readonly attributedWork: number
  readonly cumulativeLayoutShift: number
  /** JavaScript the page transferred while loading, in KB. */
  readonly scriptKb: number
  /**
   * Lighthouse's measure of this machine's CPU for the run: its phone is simulated from it, so a score
   * means something only beside the index it was measured at.
   */
  readonly benchmarkIndex: number
  /** The machine's one-minute load average as the run began: other work on the cores skews the phone. */
  readonly load: number
  /** Every run's performance score, when the page was measured more than once (the median one is shown). */
  readonly runs: ReadonlyArray<number>
  /** What fell short, by Lighthouse's audit titles: what to mend next. */
  readonly failing: ReadonlyArray<string>
}

/**
 * One Lighthouse run in a browser of its own, as Lighthouse's own command line does: one left from an
 * earlier run loses its page mid-navigation here. A run whose trace Lighthouse could not read (it says to
 * run it again) is run again, up to three times in all.
 */
const measure = async (url: string, form: "mobile" | "desktop", chromePort?: number) => {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({
      chromePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
      ...(chromePort ? { port: chromePort } : {}),
    })
    try {
      const run = await lighthouse(
        url,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: Object.keys(targets),
        },
        form === "desktop" ? desktopConfig : undefined,
      )
      if (!run) throw new Error(`Lighthouse gave no result for ${url}`)
      // BENCH_LHR_DIR keeps every report, to see where a page's time went.
      if (process.env.BENCH_LHR_DIR)
        await writeFile(
          join(
            process.env.BENCH_LHR_DIR,
            `${new URL(url).pathname.replace(/\W+/g, "_")}-${form}-${Date.now()}.json`,
          ),
          JSON.stringify(run.lhr),
        )
      if (run.lhr.runtimeError === undefined || attempt === 3) return run.lhr
    } finally {
      // Waited for, so that the next run's browser finds its debugging port free.
      const exited = new Promise((resolve) => chrome.process.once("exit", resolve))
      chrome.kill()
      if (chrome.process.exitCode === null && chrome.process.signalCode === null) await exited
    }
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof measure>>>

const scoresOf = (path: string, form: "mobile" | "desktop", lhr: Lhr, load: number) => {
  const { categories, audits } = lhr
  const score = (category: Category) => Math.round((categories[category]?.score ?? 0) * 100)
  const value = (audit: string) => audits[audit]?.numericValue ?? Number.NaN
  const scripts = (
    audits["resource-summary"]?.details as
      | { items?: Array<{ resourceType: string; transferSize: number }> }
      | undefined
  )?.items?.find((item) => item.resourceType === "script")
  return {
    path,
    form,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    firstContentfulPaint: value("first-contentful-paint"),
    largestContentfulPaint: value("largest-contentful-paint"),
    totalBlockingTime: value("total-blocking-time"),
    mainThreadWork: value("mainthread-work-breakdown"),
    attributedWork:
      value("mainthread-work-breakdown") -
      ((
        audits["mainthread-work-breakdown"]?.details as
          | { items?: Array<{ group: string; duration: number }> }
          | undefined
      )?.items?.find((item) => item.group === "other")?.duration ?? 0),
    cumulativeLayoutShift: value("cumulative-layout-shift"),
    scriptKb: (scripts?.transferSize ?? 0) / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    load,
    runs: [],
    failing: [
      ...(lhr.runtimeError ? [`Lighthouse could not measure: ${lhr.runtimeError.message}`] : []),
      ...Object.values(categories).flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => audits[ref.id]!.title),
      ),
    ],
  } satisfies PageScores
}

/**
 * Lighthouse 12.8.2 on each page, with its mobile preset (a mid-range phone on a slow 4G link, simulated)
 * and its desktop one, in Debian's Chromium: a fresh profile for every run, as a first visit is. With
 * `runs` above one, each page is measured that many times and its median run (by performance) is kept.
 */
export const lighthouseScores = async (
  base: string,
  paths: ReadonlyArray<string>,
  options: {
    readonly runs: number
    readonly forms: ReadonlyArray<"mobile" | "desktop">
    readonly chromePort?: number
  } = { runs: 1, forms: ["mobile", "desktop"] },
) => {
  const results: Array<PageScores> = []
  for (const path of paths)
    for (const form of options.forms) {
      const runs: Array<PageScores> = []
      for (let run = 0; run < Math.max(1, options.runs); run++) {
        const load = loadavg()[0]!
        runs.push(scoresOf(path, form, await measure(base + path, form, options.chromePort), load))
      }
      const ranked = runs.toSorted((a, b) => a.scores.performance - b.scores.performance)
      const median = ranked[Math.floor((ranked.length - 1) / 2)]!
      results.push({ ...median, runs: runs.map((run) => run.scores.performance) })
    }
  return results
}

/** Whether a page meets the targets: performance is asked of phones; the rest of both. */
export const meetsTargets = (page: PageScores) =>
  (page.form === "desktop" || page.scores.performance >= targets.performance) &&
  page.scores.accessibility >= targets.accessibility &&
  page.scores["best-practices"] >= targets["best-practices"] &&
  page.scores.seo >= targets.seo
