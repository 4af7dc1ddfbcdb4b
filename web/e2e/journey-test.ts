import { readFileSync } from "node:fs"
import { join } from "node:path"
import { test as base } from "@playwright/test"
import { AccessibilityAudit } from "./accessibility-audit.ts"
import { RouteClaims } from "./route-claims.ts"

export { expect } from "@playwright/test"

/** The run's server's data folder (see serve.ts): the run's own, gone when it ends. */
const runFolder = () =>
  (JSON.parse(readFileSync(process.env.E2E_STATE!, "utf8")) as { dataDir: string }).dataDir

/**
 * Playwright's `test`, with an accessibility audit of the pages each journey visits: a journey fails on
 * the serious or critical axe violations of a page it was the first in the run to visit.
 */
export const test = base.extend<
  { auditTime: undefined; accessible: undefined },
  { audit: AccessibilityAudit }
>({
  audit: [
    async ({ browser }, use, { project }) => {
      const origin = new URL(project.use.baseURL!).origin
      const claims = new RouteClaims(join(runFolder(), "accessibility-audit"))
      await use(new AccessibilityAudit(browser, origin, claims))
    },
    { scope: "worker", auto: true },
  ],
  // The audits run beside the journey and slow it on a loaded machine: it is given a minute more. Set
  // here, in the test's own time: a fixture with a timeout of its own would lengthen only that.
  auditTime: [
    async ({ audit: _ }, use, testInfo) => {
      testInfo.setTimeout(testInfo.timeout + 60_000)
      await use(undefined)
    },
    { auto: true },
  ],
  // After the journey and before its browser context closes, with time of its own for the last audits.
  accessible: [
    async ({ audit, context: _ }, use, testInfo) => {
      await use(undefined)
      const { audited, findings } = await audit.settle()
      if (audited.length > 0)
        testInfo.annotations.push({ type: "accessibility", description: audited.join(", ") })
      if (findings.length > 0) throw new Error(findings.join("\n\n"))
    },
    { auto: true, timeout: 90_000 },
  ],
})
