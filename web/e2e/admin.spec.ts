import { readFile } from "node:fs/promises"
import type { Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import {
  newPerson,
  openLedger,
  registerVerified,
  seedFailedGeneration,
  signInAdmin,
  skipSplash,
} from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true })

/** The dashboard polls every 5 seconds; what happens elsewhere shows within a few polls. */
const live = { timeout: 20_000 }

test("an admin follows a newcomer live, replays a failed generation, reads a ledger and rebuilds the timeline", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  await signInAdmin(page)
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible()
  await expect(page.getByRole("tab", { name: "User Activities" })).toHaveAttribute(
    "aria-selected",
    "true",
  )
  const activities = page.getByRole("table", { name: "User activities, newest first" })
  await expect(activities).toBeVisible()
  // Set on this page only: still there later means the page was never reloaded.
  await page.evaluate(() => {
    ;(window as { stayed?: boolean }).stayed = true
  })

  // Someone registers in another browser and buys credits there.
  const newcomer = newPerson("newcomer")
  const elsewhere = await browser.newContext()
  const other = await elsewhere.newPage()
  await skipSplash(other)
  await registerVerified(other, newcomer)
  await other.goto("/credits")
  await other.getByRole("tab", { name: "One-Time Purchase" }).click()
  await other.getByRole("button", { name: /Buy 150 credits/ }).click()
  await other.getByRole("button", { name: "Pay", exact: true }).click()
  await expect(toast(other, "Payment Successful")).toBeVisible()
  await elsewhere.close()

  const registered = activities
    .getByRole("row")
    .filter({ hasText: newcomer.username })
    .filter({ hasText: "register" })
  await expect(registered).toBeVisible(live)
  await expect(
    activities.getByRole("row").filter({ hasText: "purchase_credits" }).first(),
  ).toBeVisible(live)
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true)
  await expect(page.getByRole("navigation", { name: "User activities pages" })).toContainText(
    /1–\d+ of \d+/,
  )

  // Filtered by type, only registrations are listed.
  await page.getByLabel("Type").selectOption("register")
  await page.getByRole("button", { name: "Filter" }).click()
  await expect(registered).toBeVisible()
  await expect(activities.getByRole("row").filter({ hasText: "purchase_credits" })).toHaveCount(0)

  // A generation of the newcomer's fails at the provider: it shows among the errors.
  const reason = `The provider could not make the song for ${newcomer.username}.`
  const generationId = await seedFailedGeneration(
    newcomer.username,
    "GENERATE_AUDIO_FAILED",
    reason,
  )
  const stream = `generation-${generationId}`
  await page.getByRole("tab", { name: "Error Logs" }).click()
  const errors = page.getByRole("table", { name: "Error logs, newest first" })
  const failure = errors
    .getByRole("row")
    .filter({ hasText: `Song generation failed (GENERATE_AUDIO_FAILED): ${reason}` })
  await expect(failure).toBeVisible(live)
  await expect(failure.getByRole("cell").nth(1)).toHaveText("provider")
  await failure.getByRole("button", { name: "Details" }).click()
  await expect(errors.getByText(`"generationId": "${generationId}"`)).toBeVisible()

  // Its stream holds exactly the failure, as stored.
  await failure.getByRole("button", { name: `Open stream ${stream}` }).click()
  const viewer = page.getByRole("dialog", { name: stream })
  const events = viewer.getByRole("table", { name: `Events of ${stream}` })
  await expect(events.getByRole("row").filter({ hasText: "SongGenerationFailed" })).toContainText(
    "system (media)",
  )
  await expect(events.getByRole("button", { name: /^Data of version/ })).toHaveCount(1)
  await events.getByRole("button", { name: "Data of version 1" }).click()
  await expect(events.getByText(`"reason": "${reason}"`)).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(viewer).toBeHidden()

  // Any stream opens by its id; one without events says so.
  await page.getByRole("textbox", { name: "Stream id" }).fill("song-nothing-here")
  await page.getByRole("button", { name: "Open", exact: true }).click()
  const missing = page.getByRole("dialog", { name: "song-nothing-here" })
  await expect(missing.getByRole("alert")).toHaveText("No events on stream song-nothing-here.")
  await page.keyboard.press("Escape")

  // The newcomer's credits, for finance: the purchase, the running balance, no drift.
  const ledger = await openLedger(page, newcomer.username)
  await expect(ledger.getByTestId("ledger-balance")).toHaveText("150")
  await expect(ledger.getByText("In balance", { exact: true })).toBeVisible()
  const purchase = ledger.getByRole("row").filter({ hasText: "CreditsPurchased" })
  await expect(purchase).toContainText("+150")
  await expect(purchase).toContainText("checkout")
  const download = page.waitForEvent("download")
  await ledger.getByRole("link", { name: "Download CSV" }).click()
  const csv = await readFile((await (await download).path()) ?? "", "utf8")
  expect(csv.split("\r\n")[0]).toBe(
    "position,recorded_at,type,amount,balance_after,cause,cause_id,payment,actor,detail,ticket,requested_by,approved_by",
  )
  expect(csv).toContain(",CreditsPurchased,150,150,checkout,")

  // Filtered to adjustments, nothing; the month's statement prints without the navigation.
  const filters = ledger.getByRole("form", { name: "Ledger filters" })
  await filters.getByLabel("adjustment").check()
  await filters.getByRole("button", { name: "Apply" }).click()
  await expect(ledger.getByText("No entry matches these filters")).toBeVisible()
  await filters.getByRole("button", { name: "Clear" }).click()
  await expect(purchase).toContainText("+150")
  const month = new Date().toISOString().slice(0, 7)
  await ledger.getByRole("link", { name: `Statement ${month}` }).click()
  const statement = page.getByRole("article", { name: `Statement ${month}` })
  await expect(statement.getByRole("row").filter({ hasText: "Closing balance" })).toContainText(
    "150",
  )
  await expect(statement.getByRole("row").filter({ hasText: "+150" })).toBeVisible()
  await page.emulateMedia({ media: "print" })
  await expect(page.getByRole("banner")).toBeHidden()
  await expect(statement.getByRole("button", { name: "Print" })).toBeHidden()
  await page.emulateMedia({ media: "screen" })
  await page.goBack()

  // The timeline's read model rebuilt from its events, after a confirmation.
  await page.getByRole("tab", { name: "Projections" }).click()
  const rebuild = page.getByRole("button", { name: "Rebuild timeline", exact: true })
  const timeline = page
    .getByRole("table", { name: "Projections" })
    .getByRole("row")
    .filter({ has: rebuild })
  await rebuild.click()
  const confirm = page.getByRole("dialog", { name: "Rebuild timeline?" })
  await expect(confirm).toContainText("empties the timeline read model and replays every event")
  await confirm.getByRole("button", { name: "Rebuild", exact: true }).click()
  await expect(toast(page, "Rebuild started")).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(timeline.getByRole("cell").nth(1)).toHaveText("running")
  await expect(timeline.getByRole("cell").nth(3)).toHaveText("0", live)
})
