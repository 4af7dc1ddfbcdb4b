import { readFile } from "node:fs/promises"
import type { Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import { moreActions, newPerson, registerVerified, seedGeneration, skipSplash } from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true })

test("a song exported for TikTok: the guide, the render's progress to 100, the MP4 downloaded", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const maker = newPerson("director")
  await registerVerified(page, maker)
  const title = `Night Drive ${maker.username.slice(-4)}`
  await seedGeneration(maker.username, title, "Synthwave, female vocals", 1, 12)
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "My Songs" })
    .click()
  const song = `${title} (Version 1)`
  await (await moreActions(page, song))
    .getByRole("button", { name: `Export ${song} as a video` })
    .click()

  const dialog = page.getByRole("dialog", { name: "Export Video" })
  await expect(dialog).toContainText(`${song} · 12 seconds`)

  // The guide tells what is really made, and where.
  await dialog.getByRole("button", { name: "Video Export Guide" }).click()
  const guide = page.getByRole("dialog", { name: "Video Export Guide" })
  await expect(guide.getByRole("row", { name: "TikTok 1080 x 1920" })).toBeVisible()
  await expect(guide.getByRole("row", { name: "YouTube 1920 x 1080" })).toBeVisible()
  await expect(guide).toContainText("H.264 video at 30 fps, AAC audio at 128 kbps")
  await expect(guide).toContainText("rendered on our servers, not in your browser")
  await page.keyboard.press("Escape")
  await expect(guide).toBeHidden()
  await expect(dialog).toBeVisible()

  await dialog.getByRole("radio", { name: /TikTok/ }).check()
  await dialog.getByRole("button", { name: "Export Video" }).click()
  const progress = dialog.getByRole("progressbar", { name: "Video export progress" })
  await expect(progress).toBeVisible()
  await expect(dialog.getByRole("radio", { name: /YouTube/ })).toBeDisabled()
  // The progress only moves forward, step by step, to the end.
  const seen: Array<number> = []
  await expect
    .poll(
      async () => {
        const now = Number(await progress.first().getAttribute("aria-valuenow"))
        seen.push(now)
        return now
      },
      { timeout: 90_000, intervals: [250] },
    )
    .toBe(100)
  expect(seen).toEqual([...seen].sort((a, b) => a - b))
  await expect(dialog.getByTestId("export-step").first()).toHaveText("Video ready")

  const download = page.waitForEvent("download")
  await dialog.getByRole("link", { name: "Download MP4" }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`${song} (TikTok).mp4`)
  const bytes = await readFile((await file.path()) ?? "")
  expect(bytes.subarray(4, 8).toString()).toBe("ftyp")
  expect(bytes.length).toBeGreaterThan(50_000)
  await expect(toast(page, "Export failed")).toHaveCount(0)
})
