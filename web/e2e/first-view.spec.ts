import type { Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import { sharedSong } from "./shared-song.ts"

/**
 * Watches every frame the page paints from its first: what the page's first heading showed in each (its
 * text, marked when any of it was see-through, as an entrance animation starts), and whether the splash
 * ever covered it.
 */
const watchFrames = (page: Page, selector: string) =>
  page.addInitScript((selector) => {
    const frames: Array<string | null> = []
    let splash = false
    Object.assign(window, { frames: () => ({ frames, splash }) })
    const opacityOf = (element: Element | null): number =>
      element === null
        ? 1
        : Number(getComputedStyle(element).opacity) * opacityOf(element.parentElement)
    const look = () => {
      const heading = document.querySelector(selector)
      const text = heading?.textContent ?? null
      frames.push(text !== null && opacityOf(heading) < 0.99 ? `(faded) ${text}` : text)
      if (document.querySelector('[data-testid="splash"]')) splash = true
      requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  }, selector)

const framesOf = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { frames: () => { frames: Array<string | null>; splash: boolean } }
    ).frames(),
  )

test("a shared song's page and the timeline arrive drawn, for a browser without scripts too", async ({
  page,
  browser,
}) => {
  const song = await sharedSong(page)
  const noScripts = await browser.newContext({ javaScriptEnabled: false })
  const reader = await noScripts.newPage()
  await reader.goto(`/song/${song.id}`)
  await expect(reader.getByRole("heading", { level: 1, name: song.title })).toBeVisible()
  await expect(reader.getByRole("img", { name: `Cover of ${song.title}` })).toBeAttached()
  await expect(reader.getByText("Folk, warm male vocals, acoustic guitar")).toBeVisible()
  await expect(reader.locator(`audio[controls][src="/api/songs/${song.id}/audio"]`)).toBeVisible()
  await reader.goto("/timeline")
  await expect(reader.getByRole("heading", { level: 1, name: "Public timeline" })).toBeVisible()
  await reader.getByRole("link", { name: song.title }).click()
  await expect(reader).toHaveURL(`/song/${song.id}`)
  await noScripts.close()
})

test("the app takes over a drawn page in place: no splash, no spinner, the song on every frame", async ({
  page,
  browser,
}) => {
  const song = await sharedSong(page)
  const visitor = await browser.newContext()
  const first = await visitor.newPage()
  const errors: Array<string> = []
  first.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
  })
  await watchFrames(first, "main h1")
  await first.goto(`/song/${song.id}`)
  // The app's own page: its like button and downloads are there once it has taken over.
  await expect(first.getByRole("button", { name: /Download .* as MP3/ })).toBeVisible()
  const { frames, splash } = await framesOf(first)
  const shown = frames.slice(frames.findIndex((text) => text?.includes(song.title)))
  expect(shown.length).toBeGreaterThan(1)
  expect(shown.every((text) => text === song.title)).toBe(true)
  expect(splash).toBe(false)

  // Going on from it is the app as ever, with the page drawn by the app.
  await first.getByRole("link", { name: "Create your own song" }).click()
  await expect(first).toHaveURL(/\/auth/)

  const timeline = await visitor.newPage()
  await watchFrames(timeline, "main h1")
  await timeline.goto("/timeline")
  await expect(timeline.getByRole("group", { name: "Filter by genre" })).toBeVisible()
  const listed = await framesOf(timeline)
  const drawn = listed.frames.slice(
    listed.frames.findIndex((text) => text?.includes("Public timeline")),
  )
  expect(drawn.length).toBeGreaterThan(1)
  expect(drawn.every((text) => text === "Public timeline")).toBe(true)
  expect(errors).toEqual([])
  await visitor.close()
})
