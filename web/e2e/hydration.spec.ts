import type { Browser, Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import { sharedSong } from "./shared-song.ts"

/**
 * What went wrong while a page was taken over: a console error or warning about hydration, and any error
 * the page did not catch, which is how React reports an error it recovered from (a mismatch between the
 * server's markup and the app's first render among them, as "Minified React error #418" and the like).
 */
const watchHydration = (page: Page) => {
  const problems: Array<string> = []
  page.on("console", (message) => {
    const text = message.text()
    if (
      (message.type() === "error" || message.type() === "warning") &&
      /hydrat|Minified React error #4(18|19|21|22|23|25)/i.test(text)
    )
      problems.push(`console ${message.type()}: ${text}`)
  })
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`))
  return problems
}

/** A visitor's first load of `path`, watched until the app has taken it over and is quiet. */
const visit = async (browser: Browser, path: string, ready: (page: Page) => Promise<void>) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const problems = watchHydration(page)
  await page.goto(path)
  await ready(page)
  await page.waitForLoadState("networkidle")
  await context.close()
  return problems
}

test("every public page is taken over by the app without a hydration error", async ({
  page,
  browser,
}) => {
  // Five first visits, each in a browser of its own, after a song is made.
  test.setTimeout(120_000)
  const song = await sharedSong(page)
  const songPage = await visit(browser, `/song/${song.id}`, async (visitor) => {
    // Hydrated: the like button answers, asking a visitor to sign in (a click before is not heard).
    await expect(async () => {
      await visitor.getByRole("button", { name: `Like ${song.title}` }).click()
      await expect(visitor.getByText("Sign in to like songs").first()).toBeVisible({
        timeout: 2_000,
      })
    }).toPass()
  })
  expect(songPage).toEqual([])

  const timeline = await visit(browser, "/timeline", async (visitor) => {
    // Hydrated: a genre chip filters the list.
    const chip = visitor.getByRole("group", { name: "Filter by genre" }).getByRole("button")
    await expect(async () => {
      await chip.first().click()
      await expect(chip.first()).toHaveAttribute("aria-pressed", "true", { timeout: 1_000 })
    }).toPass()
  })
  expect(timeline).toEqual([])

  // A signed-out `/` is sent to the sign-in page, drawn under the splash. A press on Login before the
  // app has taken the page over is done once it has: its checks answer.
  for (const path of ["/auth", "/"]) {
    const auth = await visit(browser, path, async (visitor) => {
      await expect(visitor).toHaveURL(/\/auth$/)
      await expect(visitor.locator("#root[data-first-view]")).toHaveCount(1)
      await visitor.getByRole("button", { name: "Login" }).click()
      await expect(visitor.getByText("Username and password are required").first()).toBeVisible()
    })
    expect(auth).toEqual([])
  }

  // A signed-in person's shared link: drawn as a visitor sees it, then theirs (the menu, their like).
  const problems = watchHydration(page)
  await page.goto(`/song/${song.id}`)
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0)
  // The heart fills at once; the reload waits for the server's answer, which a reload would cancel.
  const answered = page.waitForResponse(
    (answer) => answer.url().endsWith("/like") && answer.request().method() === "POST",
  )
  await page.getByRole("button", { name: `Like ${song.title}` }).click()
  const liked = page.getByRole("button", { name: `Like ${song.title}`, pressed: true })
  await expect(liked).toBeVisible()
  expect((await answered).ok()).toBe(true)
  await page.reload()
  await expect(liked).toBeVisible()
  expect(problems).toEqual([])
})

test("a creator's page and a public playlist arrive drawn and are taken over without a hydration error", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const song = await sharedSong(page)
  const playlist = await page.evaluate(async (songId) => {
    const answer = await fetch("/api/playlists", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Lanterns and more", description: "", isPublic: true, songId }),
    })
    return ((await answer.json()) as { id: string }).id
  }, song.id)

  const creator = await visit(browser, `/u/${song.username}`, async (visitor) => {
    // Drawn: the counts, the song and the playlist are there before the app has started.
    await expect(visitor.locator("#root[data-first-view]")).toHaveCount(1)
    await expect(
      visitor
        .getByRole("list", { name: "Their playlists" })
        .getByRole("link", { name: /Lanterns and more/ }),
    ).toBeVisible()
    // Hydrated: the followers button opens their list (a press before is held until then).
    await visitor.getByRole("button", { name: "0 Followers" }).click()
    await expect(visitor.getByRole("dialog", { name: /^Followers of / })).toBeVisible()
  })
  expect(creator).toEqual([])

  const list = await visit(browser, `/playlist/${playlist}`, async (visitor) => {
    await expect(visitor.locator("#root[data-first-view]")).toHaveCount(1)
    await expect(
      visitor.getByRole("heading", { name: "Lanterns and more", level: 1 }),
    ).toBeVisible()
    // Hydrated: Play all starts the list in its player.
    await visitor.getByRole("button", { name: "Play all" }).click()
    await expect(visitor.getByRole("region", { name: "Now playing" })).toBeVisible()
  })
  expect(list).toEqual([])
})

test("a page whose markup is not what the app draws is caught", async ({ page, browser }) => {
  const song = await sharedSong(page)
  const context = await browser.newContext()
  const visitor = await context.newPage()
  // The server's markup with the song's title changed: the app's first render cannot match it.
  await visitor.route(`**/song/${song.id}`, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(`>${song.title}</h1>`, ">Another title</h1>")
    await route.fulfill({ response, body: html })
  })
  const problems = watchHydration(visitor)
  await visitor.goto(`/song/${song.id}`)
  // The app takes the page over at the visitor's first move.
  await visitor.keyboard.press("Shift")
  await expect(visitor.getByRole("heading", { level: 1, name: song.title })).toBeVisible()
  await expect.poll(() => problems.length).toBeGreaterThan(0)
  await context.close()
})
