import type { Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import { newPerson, registerVerified, skipSplash } from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

/** A toast's title or description, in the toast itself (not the screen reader's copy). */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true })

test("buy a pack in the test-mode checkout: balance, transaction and toast", async ({ page }) => {
  // Free daily credits are off here: the page never asks for them.
  const freeCreditReads: Array<string> = []
  page.on("request", (request) => {
    if (request.url().includes("/api/billing/free-credits")) freeCreditReads.push(request.url())
  })
  await registerVerified(page, newPerson("buyer"))
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Credits" })
    .click()
  await expect(page.getByRole("heading", { name: "Credits & Billing" })).toBeVisible()
  await expect(page.getByTestId("available-credits")).toHaveText("0")
  await expect(page.getByText("Best Value: Monthly Subscriptions")).toBeVisible()
  await expect(page.getByRole("tab", { name: "Monthly Plans" })).toHaveAttribute(
    "aria-selected",
    "true",
  )
  await expect(page.getByText("No usage history yet")).toBeVisible()
  await page.getByRole("tab", { name: "Transactions" }).click()
  await expect(page.getByText("No transactions yet")).toBeVisible()
  await expect(page.getByRole("region", { name: "Active Subscription" })).toHaveCount(0)

  await page.getByRole("tab", { name: "One-Time Purchase" }).click()
  await expect(page.getByText("Purchase Credits")).toBeVisible()
  // Pro is chosen unless another pack is.
  await expect(page.getByRole("radio", { name: /Pro/ })).toBeChecked()
  await page.getByText("500 credits").click()
  await page.getByRole("button", { name: /Buy 500 credits/ }).click()

  await expect(page).toHaveURL(/\/checkout\/cs_local_/)
  await expect(page.getByText("Test mode.")).toBeVisible()
  const summary = page.getByRole("definition")
  await expect(summary.filter({ hasText: "Premium pack: 500 credits" })).toBeVisible()
  await expect(summary.filter({ hasText: "39.99" })).toBeVisible()
  await page.getByRole("button", { name: "Pay", exact: true }).click()

  await expect(page).toHaveURL(/\/credits$/)
  await expect(toast(page, "Payment Successful")).toBeVisible()
  await expect(toast(page, "Successfully added 500 credits to your account!")).toBeVisible()
  await expect(page.getByTestId("available-credits")).toHaveText("500")
  await expect(page.getByTestId("header-credits")).toHaveText("500")
  await page.getByRole("tab", { name: "Transactions" }).click()
  const row = page.getByRole("listitem").filter({ hasText: "Premium pack: 500 credits" })
  await expect(row).toContainText("completed")
  await expect(row).toContainText("+500 credits")

  await page.getByTestId("header-credits").click()
  const popover = page.getByRole("dialog").filter({ hasText: "Your credits" })
  await expect(popover).toContainText("500")
  await expect(popover).toContainText("Each song costs 5 credits.")
  expect(freeCreditReads).toEqual([])
  await expect(page.getByTestId("free-credits")).toHaveCount(0)
})

test("cancelling a checkout takes no money", async ({ page }) => {
  await registerVerified(page, newPerson("browser"))
  await page.goto("/credits")
  await page.getByRole("tab", { name: "One-Time Purchase" }).click()
  await page.getByRole("button", { name: /Buy 150 credits/ }).click()
  await expect(page).toHaveURL(/\/checkout\//)
  await page.getByRole("button", { name: "Cancel", exact: true }).click()
  await expect(page).toHaveURL(/\/credits$/)
  await expect(toast(page, "Checkout cancelled")).toBeVisible()
  await expect(page.getByTestId("available-credits")).toHaveText("0")
  await page.getByRole("tab", { name: "Transactions" }).click()
  await expect(
    page.getByRole("listitem").filter({ hasText: "Pro pack: 150 credits" }),
  ).toContainText("cancelled")
})

test("each click on a pack sends a fresh Idempotency-Key, so a retry is charged once", async ({
  page,
}) => {
  await registerVerified(page, newPerson("clicker"))
  const keys: Array<string | undefined> = []
  page.on("request", (request) => {
    if (
      request.method() === "POST" &&
      request.url().endsWith("/api/payments/create-payment-intent")
    )
      keys.push(request.headers()["idempotency-key"])
  })
  for (let click = 0; click < 2; click++) {
    await page.goto("/credits")
    await page.getByRole("tab", { name: "One-Time Purchase" }).click()
    await page.getByRole("button", { name: /Buy 150 credits/ }).click()
    await expect(page).toHaveURL(/\/checkout\//)
  }
  expect(keys).toHaveLength(2)
  for (const key of keys)
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  expect(keys[0]).not.toBe(keys[1])
})

test("subscribe, see the Active Subscription banner, be offered a change of plan, cancel", async ({
  page,
}) => {
  await registerVerified(page, newPerson("subscriber"))
  await page.goto("/credits")
  await page
    .getByRole("group", { name: "Pro plan" })
    .getByRole("button", { name: "Subscribe" })
    .click()
  await expect(page).toHaveURL(/\/checkout\//)
  await expect(
    page.getByRole("definition").filter({ hasText: "Pro plan: 300 credits a month" }),
  ).toBeVisible()
  await page.getByRole("button", { name: "Pay", exact: true }).click()

  await expect(page).toHaveURL(/\/credits$/)
  await expect(toast(page, "Subscription Activated")).toBeVisible()
  await expect(toast(page, "Successfully activated Pro plan with 300 credits!")).toBeVisible()
  const banner = page.getByRole("region", { name: "Active Subscription" })
  await expect(banner).toBeVisible()
  await expect(banner).toContainText("Pro plan")
  await expect(banner).toContainText("Renews")
  await expect(banner).toContainText("Active")
  await expect(page.getByTestId("available-credits")).toHaveText("300")

  const basic = page.getByRole("group", { name: "Basic plan" })
  await expect(basic.getByRole("button", { name: "Subscribe" })).toHaveCount(0)
  await expect(basic.getByRole("button", { name: "Switch at renewal: Basic" })).toBeVisible()

  await banner.getByRole("button", { name: "Cancel subscription" }).click()
  const confirm = page.getByRole("dialog", { name: "Cancel your Pro plan?" })
  await confirm.getByRole("button", { name: "Cancel subscription" }).click()
  await expect(toast(page, "Subscription Cancelled")).toBeVisible()
  await expect(
    toast(page, "Your subscription has been cancelled and will not renew."),
  ).toBeVisible()
  await expect(banner).toHaveCount(0)
  await expect(
    page.getByText(/Your Pro plan is cancelled and will not renew; it stays active until/),
  ).toBeVisible()
  await expect(page.getByTestId("available-credits")).toHaveText("300")
})
