import type { Browser } from "playwright-core"

/** Lighthouse's mobile device: a mid-range phone (its CPU four times slower) on slow 4G. */
const phone = {
  cpuSlowdown: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
}

export interface Visit {
  /** Seconds from the navigation to the first paint, and to the sign-in form's Login button. */
  readonly paint: number
  readonly form: number
}

/**
 * The sign-in page on a phone's first visit, in a fresh browser profile each time: when something is
 * first painted and when the form is there to use. Lighthouse cannot tell this: its trace ends while
 * the splash is still up. With `seenSplash`, the visitor has seen the splash before (the flag is set,
 * nothing else is kept): the same load without it.
 */
export const firstVisits = async (
  browser: Browser,
  base: string,
  options: { readonly visits: number; readonly seenSplash: boolean },
) => {
  const visits: Array<Visit> = []
  for (let n = 0; n < options.visits; n++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
    if (options.seenSplash)
      await context.addInitScript({ content: 'localStorage.setItem("has_seen_splash", "true")' })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: phone.cpuSlowdown })
    await cdp.send("Network.enable")
    await cdp.send("Network.emulateNetworkConditions", phone.network)
    await page.goto(`${base}/auth`, { waitUntil: "commit" })
    await page.getByRole("button", { name: "Login" }).waitFor({ timeout: 60_000 })
    const [paint, form] = (await page.evaluate(
      `[performance.getEntriesByName("first-paint")[0]?.startTime ?? NaN, performance.now()]`,
    )) as [number, number]
    visits.push({ paint: paint / 1000, form: form / 1000 })
    await context.close()
  }
  return visits
}
