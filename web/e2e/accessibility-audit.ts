import AxeBuilder from "@axe-core/playwright"
import type { Browser, BrowserContext, Frame, Page } from "@playwright/test"
import { describeFindings, isBlocking, routeOf, wcagTags } from "./accessibility-findings.ts"
import type { RouteClaims } from "./route-claims.ts"
import { skipSplash } from "./support.ts"

/**
 * Resolves once the page stops changing: 300 ms without an element coming or going, two seconds at most
 * (a playing song's bar changes all the time).
 */
const settled = () =>
  new Promise<void>((resolve) => {
    const done = () => {
      observer.disconnect()
      clearTimeout(quiet)
      clearTimeout(cap)
      resolve()
    }
    let quiet = setTimeout(done, 300)
    const cap = setTimeout(done, 2000)
    const observer = new MutationObserver(() => {
      clearTimeout(quiet)
      quiet = setTimeout(done, 300)
    })
    observer.observe(document, { subtree: true, childList: true })
  })

const pathOf = (url: string) => new URL(url).pathname

type Storage = Awaited<ReturnType<BrowserContext["storageState"]>>

/**
 * Audits with axe every page of the app that the journeys visit, in any of their browser contexts: each
 * route once a run, signed in and signed out, by whichever worker comes first. A page is audited as the
 * journey left it once it stopped changing. One the journey moved on from sooner is opened again at once
 * in a browser of its own, with the cookies and storage the journey's had; so is the app shown inside
 * another site's page (an embedded player).
 */
export class AccessibilityAudit {
  private readonly running = new Set<Promise<void>>()
  /** Routes being opened again, not yet claimed. */
  private readonly reopening = new Set<string>()
  /** Pages the audit opened itself. */
  private readonly own = new WeakSet<Page>()
  private audited: Array<string> = []
  private findings: Array<string> = []

  constructor(
    private readonly browser: Browser,
    private readonly origin: string,
    /** Routes audited, or being audited, signed in or out. */
    private readonly claims: RouteClaims,
  ) {
    browser.on("context", (context) =>
      context.on("page", (page) =>
        page.on("framenavigated", (frame) => this.navigated(page, frame)),
      ),
    )
  }

  /** Once the audits under way have ended: the routes audited since last asked, and what they broke. */
  async settle() {
    while (this.running.size > 0) await Promise.all(this.running)
    const outcome = { audited: this.audited, findings: this.findings }
    this.audited = []
    this.findings = []
    return outcome
  }

  private navigated(page: Page, frame: Frame) {
    if (this.own.has(page) || !this.isApp(frame.url())) return
    if (frame === page.mainFrame()) this.track(this.auditSettled(page, frame.url()))
    else if (!this.isApp(page.url()))
      this.track(this.auditAlone(frame.url(), this.keyOf(frame.url(), false), undefined))
  }

  private isApp(url: string) {
    const { origin, pathname } = new URL(url)
    return origin === this.origin && !pathname.startsWith("/api/")
  }

  private keyOf(url: string, signedIn: boolean) {
    return `${routeOf(pathOf(url))} (${signedIn ? "signed in" : "signed out"})`
  }

  private track(audit: Promise<void>) {
    this.running.add(audit)
    void audit.finally(() => this.running.delete(audit))
  }

  private async auditSettled(page: Page, url: string) {
    let key: string | undefined
    let storage: Storage | undefined
    try {
      const cookies = await page.context().cookies(url)
      const signedIn = cookies.some((cookie) => cookie.name === "melody_session")
      key = this.keyOf(url, signedIn)
      if (await this.claims.has(key)) return
      if (signedIn) storage = await page.context().storageState()
      await page.waitForLoadState("load")
      await page.evaluate(settled)
      if (pathOf(page.url()) === pathOf(url)) return await this.audit(page, url, key)
    } catch {
      // The journey went on, or closed the page.
    }
    if (key) await this.auditAlone(url, key, storage)
  }

  private async auditAlone(url: string, key: string, storage: Storage | undefined) {
    if (this.reopening.has(key) || (await this.claims.has(key))) return
    this.reopening.add(key)
    let context: BrowserContext | undefined
    try {
      context = await this.browser.newContext(storage ? { storageState: storage } : {})
      const page = await context.newPage()
      this.own.add(page)
      await skipSplash(page)
      await page.goto(url)
      await page.evaluate(settled)
      if (pathOf(page.url()) === pathOf(url)) await this.audit(page, url, key)
      // A page that sends a visitor elsewhere has nothing of its own to audit. (A signed-in page may only
      // have sent on someone whose session has since ended.)
      else if (!storage) await this.claims.claim(key)
    } catch {
      // The journey's run is ending; another visit audits the page.
    } finally {
      this.reopening.delete(key)
      await context?.close()
    }
  }

  private async audit(page: Page, url: string, key: string) {
    if (!(await this.claims.claim(key))) return
    try {
      // Legacy mode runs axe in the page itself: the default finishes on a blank page it opens beside
      // the journey's, which a journey waiting for a new page would take for its own.
      const results = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode().analyze()
      if (pathOf(page.url()) !== pathOf(url)) throw new Error("The page moved on during the audit")
      this.audited.push(key)
      const blocking = results.violations.filter(isBlocking)
      if (blocking.length > 0) this.findings.push(describeFindings(key, page.url(), blocking))
    } catch (error) {
      await this.claims.release(key)
      throw error
    }
  }
}
