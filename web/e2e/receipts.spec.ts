import { expect, test } from "./journey-test.ts"
import { logout, newPerson, registerVerified, skipSplash } from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

test("a paid pack is listed with its receipt, which only its payer can open", async ({ page }) => {
  // Two people register and verify: on a busy machine that alone can take most of a minute.
  test.setTimeout(150_000)
  await registerVerified(page, newPerson("receipts"))
  await page.goto("/credits")
  await expect(page.getByRole("heading", { name: "Credits & Billing" })).toBeVisible()
  // The test mode has no billing portal.
  await expect(page.getByRole("button", { name: "Manage billing" })).toHaveCount(0)
  await page.getByRole("tab", { name: "Invoices & Receipts" }).click()
  await expect(page.getByText("No payments yet")).toBeVisible()

  await page.getByRole("tab", { name: "One-Time Purchase" }).click()
  await page.getByRole("button", { name: /Buy 150 credits/ }).click()
  await expect(page).toHaveURL(/\/checkout\/cs_local_/)
  await page.getByRole("button", { name: "Pay", exact: true }).click()
  await expect(page).toHaveURL(/\/credits$/)
  await expect(page.getByTestId("available-credits")).toHaveText("150")

  await page.getByRole("tab", { name: "Invoices & Receipts" }).click()
  const row = page
    .getByRole("list", { name: "Invoices and receipts" })
    .getByRole("listitem")
    .filter({ hasText: "Pro pack: 150 credits" })
  await expect(row).toContainText("Paid")
  await expect(row).toContainText("13.29")
  await row.getByRole("link", { name: "Receipt" }).click()
  await expect(page).toHaveURL(/\/credits\/receipts\/cs_local_/)
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible()
  await expect(page.getByText("Pro pack: 150 credits")).toBeVisible()
  const receiptUrl = page.url()

  await logout(page)
  await registerVerified(page, newPerson("stranger"))
  await page.goto(receiptUrl)
  await expect(page.getByText("This receipt was not found.")).toBeVisible()
})
