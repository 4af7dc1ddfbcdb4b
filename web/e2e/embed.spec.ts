import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { expect, test } from "./journey-test.ts"
import { sharedSong } from "./shared-song.ts"

test("a song's embed code, copied from its share dialog, plays the song inside an iframe on another site, where its play counts", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"])
  const song = await sharedSong(page)
  await page.goto("/timeline?tab=newest")
  await page
    .getByRole("article", { name: song.title, exact: true })
    .getByRole("button", { name: `Share or preview ${song.title}` })
    .click()
  const dialog = page.getByRole("dialog", { name: song.title })
  await dialog.getByRole("button", { name: "Copy embed code" }).click()
  await expect(page.getByText("Embed code copied", { exact: true })).toBeVisible()
  const code = await page.evaluate(() => navigator.clipboard.readText())
  expect(code).toMatch(new RegExp(`^<iframe src="http[^"]+/embed/song/${song.id}"`))

  // Someone's blog, on another origin (a server of its own on this machine), pastes it.
  const blog = createServer((_, response) => {
    response.writeHead(200, { "content-type": "text/html" })
    response.end(
      `<!doctype html><html><head><title>My blog</title></head><body><h1>A song I like</h1>${code}</body></html>`,
    )
  })
  await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve))
  await page.goto(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/a-post`)
  const player = page.frameLocator("iframe")
  await expect(player.getByRole("link", { name: song.title })).toBeVisible()
  const audio = player.locator("audio")
  await expect(audio).toBeVisible()
  // The browser's own play button, at the start of the controls; half the song heard, the play counts.
  const counted = page.waitForResponse(
    (answer) =>
      answer.url().endsWith(`/api/songs/${song.id}/plays`) && answer.request().method() === "POST",
  )
  await audio.click({ position: { x: 18, y: 18 } })
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0.2)
  expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false)
  expect((await counted).status()).toBe(200)
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/songs/${song.id}`)).json()) as { plays: number })
          .plays,
    )
    .toBe(1)
  blog.close()
})
