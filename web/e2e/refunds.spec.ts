import { expect, test } from "./journey-test.ts"
import { buyProPack, openLedger, personInOwnBrowser, signInAdmin, skipSplash } from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

test("an admin refunds half of a test-mode purchase and the person sees the credits taken back", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  // The person buys the Pro pack (150 credits for 13.29 EUR) in their own browser.
  const {
    person: buyer,
    page: person,
    context: theirs,
  } = await personInOwnBrowser(browser, "refunded")
  await buyProPack(person)

  await signInAdmin(page)
  const ledger = await openLedger(page, buyer.username)
  const payment = ledger
    .getByRole("table", { name: `Payments of ${buyer.username}` })
    .getByRole("row")
    .filter({ hasText: "Pro pack: 150 credits" })
  await payment.getByRole("textbox", { name: /Amount to refund/ }).fill("6.65")
  await payment.getByRole("button", { name: "Refund", exact: true }).click()
  // floor(150 * 665 / 1329) = 75 credits go back with 6.65 EUR.
  await expect(ledger.getByTestId("ledger-balance")).toHaveText("75")
  await expect(payment).toContainText("6.65 EUR")
  await expect(ledger.getByRole("row").filter({ hasText: "PaymentRefunded" })).toContainText("-75")
  await expect(ledger.getByText("In balance", { exact: true })).toBeVisible()

  await person.goto("/credits")
  await expect(person.getByTestId("available-credits")).toHaveText("75")
  await person.getByRole("tab", { name: "Transactions" }).click()
  await expect(
    person.getByText("Refund of your purchase of the Pro pack: 6.65 EUR, -75 credits"),
  ).toBeVisible()
  await theirs.close()
})
