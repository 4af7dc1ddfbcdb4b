import type { Browser } from "playwright-core"

/** A song for each measured generation: short, so that the engine's render is what is measured. */
const songOf = (n: number) => ({
  title: `First Sound ${n}`,
  description: "Morning light on the water, a short happy song",
  style: "upbeat pop with female vocals, guitar and drums",
})

/**
 * In the page (as text: the benchmarks are compiled without the DOM's types): when Generate Song was
 * clicked, and when any audio first started playing after it. Media events do not bubble; a listener on
 * the document still hears them while they are captured.
 */
const watchFirstSound = `
  const seen = { clicked: 0, playing: 0 }
  window.__firstSound = seen
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button")
    if (button && button.textContent.includes("Generate Song")) seen.clicked = performance.now()
  }, true)
  document.addEventListener("playing", () => {
    if (seen.clicked > 0 && seen.playing === 0) seen.playing = performance.now()
  }, true)
`

/**
 * Generate Song to first sound, as a person gets it: a browser signed in on the built app fills the
 * form, clicks Generate Song, and clicks Play on Version 1 the moment it appears; measured from the click
 * to the audio element's first `playing` event, in seconds, for each of `songs` songs. With `push`
 * false, the page has no EventSource and learns of the version by the 8 s poll alone.
 */
export const firstSounds = async (
  browser: Browser,
  base: string,
  options: { readonly push: boolean; readonly songs: number; readonly username: string },
) => {
  const context = await browser.newContext({ baseURL: base })
  await context.addInitScript({ content: 'localStorage.setItem("has_seen_splash", "true")' })
  if (!options.push) await context.addInitScript({ content: "delete window.EventSource" })
  await context.addInitScript({ content: watchFirstSound })
  const registered = await context.request.post("/api/register", {
    headers: { origin: base },
    data: {
      username: options.username,
      email: `${options.username}@bench.test`,
      password: "secret-password",
      name: "Bench Listener",
      acceptTerms: true,
    },
  })
  if (!registered.ok()) throw new Error(`sign-up failed: ${await registered.text()}`)
  // Verified from the mailed link, as a creator who generates songs is (the mailbox answers locally;
  // the mail is sent by a background job, moments later).
  let link: string | undefined
  for (let attempt = 0; attempt < 50 && link === undefined; attempt++) {
    const mailbox = (await (await context.request.get("/api/dev/mailbox")).json()) as {
      messages: ReadonlyArray<{ to: string; links: ReadonlyArray<string> }>
    }
    link = mailbox.messages
      .find((message) => message.to === `${options.username}@bench.test`)
      ?.links.find((l) => l.includes("/verify-email?token="))
    if (link === undefined) await new Promise((resolve) => setTimeout(resolve, 200))
  }
  if (!link) throw new Error("no verification mail")
  await context.request.get(`/api/verify-email${new URL(link).search}`)
  const page = await context.newPage()
  const seconds: Array<number> = []
  for (let n = 1; n <= options.songs; n++) {
    const song = songOf(n)
    await page.goto("/app")
    await page.getByLabel("Song Title").fill(song.title)
    await page.getByLabel("Song Description").fill(song.description)
    await page.getByLabel("Style Description").fill(song.style)
    await page.getByRole("button", { name: "Generate Lyrics" }).click()
    // Melody's lyrics for this song (they name it), not the last song's draft.
    const lyrics = page.getByLabel("Lyrics", { exact: true })
    while (!(await lyrics.inputValue().catch(() => "")).includes(song.title))
      await page.waitForTimeout(100)
    await page.getByRole("button", { name: "Generate Song" }).click()
    const dialog = page.getByRole("dialog", { name: song.title })
    await dialog
      .getByRole("button", { name: "Play Version 1" })
      .click({ timeout: 300_000 })
      .catch(async (error: unknown) => {
        await page.screenshot({ path: "/tmp/bench-web-failed.png" })
        throw error
      })
    // Functions, each whole (they reach the page as their text): the app's Content Security Policy
    // forbids evaluating a string as script.
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { __firstSound: { playing: number } }).__firstSound.playing > 0,
    )
    const { clicked, playing } = await page.evaluate(
      () =>
        (globalThis as unknown as { __firstSound: { clicked: number; playing: number } })
          .__firstSound,
    )
    seconds.push((playing - clicked) / 1000)
    // The next song starts once this one is done, as a person would wait to hear both versions.
    await page
      .getByTestId("generation-phase")
      .filter({ hasText: "Your song is ready!" })
      .waitFor({ timeout: 300_000 })
  }
  await context.close()
  return seconds
}
