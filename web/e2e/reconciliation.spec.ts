import { expect, test } from "./journey-test.ts"
import { buyProPack, openLedger, personInOwnBrowser, signInAdmin, skipSplash } from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

test("finance reconciles today after a purchase and a refund: 0 differences", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const {
    person: buyer,
    page: person,
    context: theirs,
  } = await personInOwnBrowser(browser, "reconciled")
  await buyProPack(person)
  await theirs.close()

  await signInAdmin(page)
  const ledger = await openLedger(page, buyer.username)
  const payment = ledger
    .getByRole("table", { name: `Payments of ${buyer.username}` })
    .getByRole("row")
    .filter({ hasText: "Pro pack: 150 credits" })
  await payment.getByRole("textbox", { name: /Amount to refund/ }).fill("3.00")
  await payment.getByRole("button", { name: "Refund", exact: true }).click()
  await expect(payment).toContainText("3.00 EUR")

  await page.getByRole("tab", { name: "Finance" }).click()
  const run = page.getByRole("region", { name: "Reconcile a period" })
  await run.getByRole("button", { name: "Reconcile" }).click()
  await expect(run.getByRole("status")).toContainText(
    "against the test mode's records: 0 differences",
  )
  const totals = run.getByRole("table", { name: "Totals per day and currency" })
  await expect(totals.getByRole("row").filter({ hasText: "charges" })).toContainText("EUR")
  await expect(totals.getByRole("row").filter({ hasText: "refunds" })).toBeVisible()
  await expect(run.getByRole("table", { name: "Differences" })).toHaveCount(0)
  await expect(run.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
    "href",
    /\/api\/admin\/reconciliation\/csv\?from=\d{4}-\d{2}-\d{2}&to=/,
  )
  // The daily run's last result (none yet, unless the night's run came first) has its own place.
  await expect(page.getByRole("heading", { name: "Last daily run" })).toBeVisible()
})
