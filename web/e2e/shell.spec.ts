import { expect, test } from "./journey-test.ts"
import { newPerson, registerVerified, skipSplash } from "./support.ts"

test("the splash shows once, ends, and the app appears", async ({ page }) => {
  // The splash lasts 2.8 s from the first paint: it is looked at from the first byte, in one check, so a
  // busy machine's slow load does not outlast it.
  await page.goto("/", { waitUntil: "commit" })
  const splash = page.getByTestId("splash")
  await expect(splash.filter({ visible: true })).toContainText("AI-Powered Song Creation")
  await expect(page.getByRole("banner")).toHaveCount(0)

  await expect(splash).toBeHidden({ timeout: 6000 })
  await expect(page.getByRole("banner")).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem("has_seen_splash"))).toBe("true")

  await page.reload()
  await expect(page.getByRole("banner")).toBeVisible()
  await expect(page.getByTestId("splash")).toHaveCount(0)
})

test("the page draws the splash before the app's scripts arrive, and only for a first visit", async ({
  page,
}) => {
  // The app's scripts never arrive: what shows is the page's own.
  await page.route("**/assets/*.js", (route) => route.abort())
  await page.goto("/auth")
  await expect(page.getByTestId("splash")).toBeVisible()
  await expect(page.getByTestId("splash")).toContainText("AI-Powered Song Creation")

  await page.evaluate(() => localStorage.setItem("has_seen_splash", "true"))
  await page.reload()
  await expect(page.getByTestId("splash")).toHaveCount(0)
})

test("an unknown route shows the not-found page", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("has_seen_splash", "true"))
  await page.goto("/no/such/page")
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible()
  await page.getByRole("link", { name: "Back to home" }).click()
  await expect(page).toHaveURL(/\/auth$/)
})

test.describe("without the service worker, which would serve a page's code from its own cache", () => {
  test.use({ serviceWorkers: "block" })

  test("a page whose code cannot load says so, reports it, and comes back with a reload", async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem("has_seen_splash", "true"))
    // The terms page's code is out of reach, as it is for a tab that outlived a release of the app.
    await page.route("**/assets/terms-page-*.js", (route) => route.abort())
    const reported = page.waitForRequest(
      (request) => request.url().endsWith("/api/client-errors") && request.method() === "POST",
    )
    await page.goto("/terms")
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible()
    await reported
    await page.unroute("**/assets/terms-page-*.js")
    await page.getByRole("button", { name: "Reload" }).click()
    await expect(page.getByRole("heading", { name: "Terms of Service" })).toBeVisible()
  })
})

test("Ctrl+Shift+S resets the app: the splash shows again after the reload", async ({ page }) => {
  await page.goto("/")
  await page.evaluate(() => localStorage.setItem("has_seen_splash", "true"))
  await page.reload()
  await expect(page.getByRole("banner")).toBeVisible()
  await page.keyboard.press("Control+Shift+S")
  await expect(page.getByTestId("splash")).toBeVisible()
})

test("a visitor without a session finds no errors in the console on the public pages", async ({
  page,
}) => {
  const errors: Array<string> = []
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
  })
  page.on("pageerror", (error) => errors.push(error.message))
  await page.addInitScript(() => localStorage.setItem("has_seen_splash", "true"))
  for (const path of ["/", "/auth", "/timeline"]) {
    await page.goto(path)
    await expect(page.getByRole("banner")).toBeVisible()
    await page.waitForLoadState("networkidle")
  }
  expect(errors).toEqual([])
})

test("the installed app's service worker keeps the shell and built files, never the API", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem("has_seen_splash", "true"))
  await page.goto("/timeline")
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  // Controlled from the next load on: what it fetches from then on goes through it.
  await page.reload()
  await expect(page.getByRole("banner")).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await page.goto("/auth")
  await page.waitForLoadState("networkidle")
  const kept = await page.evaluate(async () => {
    const urls: Array<string> = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname)
    }
    return urls
  })
  expect(kept).toContain("/")
  expect(kept.some((path) => path.startsWith("/assets/") && path.endsWith(".js"))).toBe(true)
  expect(kept.filter((path) => path.startsWith("/api/"))).toEqual([])
})

test("a signed-in creator's header fits one line from 1024 px, and never overlaps the account or runs off the page", async ({
  page,
}) => {
  await skipSplash(page)
  await registerVerified(page, newPerson("header"))
  for (const width of [800, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto("/library")
    const nav = page.getByRole("navigation", { name: "Main" })
    await expect(nav.getByRole("link", { name: "About" })).toBeVisible()
    await expect(page.getByTestId("header-credits")).toBeVisible()
    const boxes = await nav.getByRole("link").evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect()
        return { text: link.textContent, top: box.top, height: box.height, right: box.right }
      }),
    )
    // One line each, side by side: a link wrapped to two lines would stand about 56 px tall. Narrower, the
    // links scroll within their bar.
    for (const box of width < 1024 ? [] : boxes) {
      expect(box.height, `${width}: ${JSON.stringify(box)}`).toBeLessThan(40)
      const middle = (b: { top: number; height: number }) => b.top + b.height / 2
      expect(Math.abs(middle(box) - middle(boxes[0]!))).toBeLessThan(2)
    }
    // Nothing overlaps the account's side, and nothing runs off the page.
    const credits = await page.getByTestId("header-credits").boundingBox()
    const bar = await nav.boundingBox()
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(credits!.x)
    if (width >= 1024) expect(Math.max(...boxes.map((box) => box.right))).toBeLessThan(credits!.x)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
    expect((await page.getByRole("banner").boundingBox())!.height).toBeLessThanOrEqual(65)
  }
})
