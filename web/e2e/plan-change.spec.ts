import type { Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import { newPerson, registerVerified, skipSplash } from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true })

test("upgrade now with its charge and credits shown, switch down at renewal, keep the plan", async ({
  page,
}) => {
  await registerVerified(page, newPerson("changer"))
  await page.goto("/credits")
  await page
    .getByRole("group", { name: "Basic plan" })
    .getByRole("button", { name: "Subscribe" })
    .click()
  await page.getByRole("button", { name: "Pay", exact: true }).click()
  await expect(page).toHaveURL(/\/credits$/)
  await expect(page.getByTestId("available-credits")).toHaveText("100")

  await page
    .getByRole("group", { name: "Pro plan" })
    .getByRole("button", { name: "Upgrade now: Pro" })
    .click()
  const upgrade = page.getByRole("dialog", { name: "Upgrade to Pro now?" })
  await expect(upgrade).toContainText(/is charged now for the rest of this month/)
  await expect(upgrade).toContainText(/\d+ credits are added at once/)
  await upgrade.getByRole("button", { name: "Upgrade now" }).click()
  await expect(toast(page, "You are on Pro now")).toBeVisible()
  await expect(page.getByRole("region", { name: "Active Subscription" })).toContainText("Pro plan")
  // Just subscribed: nearly the whole month is left, so nearly all of the 200 credits' difference.
  await expect(page.getByTestId("available-credits")).toHaveText(/^(29\d|300)$/)

  await page
    .getByRole("group", { name: "Basic plan" })
    .getByRole("button", { name: "Switch at renewal: Basic" })
    .click()
  const down = page.getByRole("dialog", { name: "Switch to Basic at renewal?" })
  await expect(down).toContainText("Nothing is charged now")
  await down.getByRole("button", { name: "Switch at renewal" }).click()
  const pending = page.getByRole("region", { name: "Plan change" })
  await expect(pending).toContainText(/Your plan switches from Pro to Basic on/)

  await pending.getByRole("button", { name: "Keep Pro" }).click()
  await expect(toast(page, "You keep Pro")).toBeVisible()
  await expect(pending).toHaveCount(0)
})
