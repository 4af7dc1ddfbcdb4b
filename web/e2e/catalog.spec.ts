import { readFile } from "node:fs/promises"
import type { Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import { moreActions, newPerson, registerVerified, seedGeneration, skipSplash } from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true })

const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true })

/** The first bytes of a downloaded file, to tell an MP3 from a WAV. */
const magic = async (path: string | null) => (await readFile(path ?? "")).subarray(0, 4)

test("a song made public shows on another person's timeline, who likes it, filters and opens its page", async ({
  page,
  browser,
}) => {
  // Two people and three browsers, from the library through the timeline to the shared page and back.
  test.setTimeout(120_000)
  const maker = newPerson("maker")
  await registerVerified(page, maker)
  const title = `Harbor Lights ${maker.username.slice(-4)}`
  await seedGeneration(maker.username, title, "Jazz, smooth female vocals, saxophone", 2)
  await seedGeneration(maker.username, `Other ${title}`, "Heavy Metal, male vocals", 1)

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "My Songs" })
    .click()
  const first = card(page, `${title} (Version 1)`)
  await expect(first).toBeVisible()
  await expect(card(page, `${title} (Version 2)`)).toBeVisible()
  await expect(page.getByRole("article")).toHaveCount(3)

  // A style chip narrows the library to the songs that carry it.
  await page
    .getByRole("group", { name: "Filter by style" })
    .getByRole("button", { name: "metal" })
    .click()
  await expect(page.getByRole("article")).toHaveCount(1)
  await page
    .getByRole("group", { name: "Filter by style" })
    .getByRole("button", { name: "metal" })
    .click()
  await expect(page.getByRole("article")).toHaveCount(3)

  // Downloads come from the server: the stored MP3 and a WAV converted for it.
  const mp3 = page.waitForEvent("download")
  const more = await moreActions(page, `${title} (Version 1)`)
  await more.getByRole("button", { name: `Download ${title} (Version 1) as MP3` }).click()
  const mp3File = await mp3
  expect(mp3File.suggestedFilename()).toBe(`${title} (Version 1).mp3`)
  const mp3Head = await magic(await mp3File.path())
  expect(mp3Head.subarray(0, 3).toString() === "ID3" || mp3Head[0] === 0xff).toBe(true)
  const wav = page.waitForEvent("download")
  await more.getByRole("button", { name: `Download ${title} (Version 1) as WAV` }).click()
  const wavFile = await wav
  expect(wavFile.suggestedFilename()).toBe(`${title} (Version 1).wav`)
  expect((await magic(await wavFile.path())).toString()).toBe("RIFF")
  await page.keyboard.press("Escape")
  await expect(more).toBeHidden()

  await first.getByRole("button", { name: "Show Lyrics" }).click()
  await expect(first).toContainText(`This is ${title}`)
  await first.getByRole("button", { name: "Hide Lyrics" }).click()
  await expect(first).not.toContainText(`This is ${title}`)

  const toggle = first.getByRole("switch", { name: `Public: ${title} (Version 1)` })
  await expect(toggle).toHaveAttribute("aria-checked", "false")
  await toggle.click()
  await expect(toast(page, "Song privacy settings have been updated successfully.")).toBeVisible()
  await expect(toggle).toHaveAttribute("aria-checked", "true")
  await expect(first).toContainText("Public")

  // Someone else, signed in elsewhere, finds it on the timeline.
  const listener = await browser.newContext()
  const other = await listener.newPage()
  await skipSplash(other)
  await registerVerified(other, newPerson("listener"))
  await other.getByRole("link", { name: "Listen on the timeline" }).click()
  const shared = card(other, `${title} (Version 1)`)
  await expect(shared).toBeVisible()
  await expect(shared).toContainText(maker.username)
  await expect(card(other, `${title} (Version 2)`)).toHaveCount(0)

  // The count moves at once; the reload waits for the server's answer, which a reload would cancel.
  const liked = other.waitForResponse(
    (answer) => answer.url().endsWith("/like") && answer.request().method() === "POST",
  )
  await shared.getByRole("button", { name: `Like ${title} (Version 1)` }).click()
  await expect(shared.getByRole("button", { name: `Like ${title} (Version 1)` })).toHaveAttribute(
    "aria-pressed",
    "true",
  )
  await expect(shared.getByTestId("likes")).toHaveText("1")
  expect((await liked).ok()).toBe(true)
  await other.reload()
  await expect(card(other, `${title} (Version 1)`).getByTestId("likes")).toHaveText("1")

  // Genre chips filter the timeline; a genre this song lacks hides it.
  const genres = other.getByRole("group", { name: "Filter by genre" })
  await genres.getByRole("button", { name: "jazz" }).click()
  await expect(genres.getByRole("button", { name: "jazz" })).toHaveAttribute("aria-pressed", "true")
  await expect(card(other, `${title} (Version 1)`)).toBeVisible()
  for (const song of await other.getByRole("article").all()) {
    await expect(song.getByRole("button", { name: "jazz" })).toBeVisible()
  }
  await genres.getByRole("button", { name: "jazz" }).click()

  // The share dialog links to the song's own page, readable without signing in. Its first click loads
  // and opens it; closed, it opens again from the same button.
  const share = card(other, `${title} (Version 1)`).getByRole("button", {
    name: `Share or preview ${title} (Version 1)`,
  })
  await share.click()
  const dialog = other.getByRole("dialog")
  await expect(dialog).toContainText("4 seconds")
  await other.keyboard.press("Escape")
  await expect(dialog).toBeHidden()
  await expect(share).toBeFocused()
  await share.click()
  await expect(dialog).toContainText("4 seconds")
  const link = await dialog.getByLabel("Link to this song").inputValue()
  expect(link).toMatch(/\/song\/[0-9a-f-]{36}$/)
  await listener.close()

  const anonymous = await browser.newContext()
  const visitor = await anonymous.newPage()
  await skipSplash(visitor)
  await visitor.goto(link)
  await expect(visitor.getByRole("heading", { name: `${title} (Version 1)` })).toBeVisible()
  await expect(visitor.getByText(`by ${maker.username}`)).toBeVisible()
  await expect(visitor.getByTestId("likes")).toHaveText("1")
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    `${title} (Version 1)`,
  )
  await anonymous.close()

  // Made private again, it leaves the timeline and its page answers for nobody else.
  await toggle.click()
  await expect(toggle).toHaveAttribute("aria-checked", "false")
  const again = await browser.newContext()
  const late = await again.newPage()
  await skipSplash(late)
  await late.goto(link)
  await expect(late.getByText("This song does not exist, or it is private.")).toBeVisible()
  await again.close()
})
