import type { Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import { followLiveNotices } from "./live-notices.ts"
import { newPerson, registerVerified, skipSplash, tellMelody } from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

/** A toast's title or description, in the toast itself (not the screen reader's copy). */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true })

/** The offline engine renders real music in a child process: minutes, not seconds. */
const renderTimeout = 4 * 60_000

const buyProPack = async (page: Page) => {
  await page.getByRole("tab", { name: "One-Time Purchase" }).click()
  await page.getByRole("button", { name: /Buy 150 credits/ }).click()
  await expect(page).toHaveURL(/\/checkout\//)
  await page.getByRole("button", { name: "Pay", exact: true }).click()
  await expect(page).toHaveURL(/\/credits$/)
  await expect(page.getByTestId("available-credits")).toHaveText("150")
}

/** A version of the dialog plays: its button says so, and the one player has loaded it and plays through it. */
const audioPlays = async (page: Page, version: string) => {
  await expect(
    page.getByRole("listitem", { name: version }).getByRole("button", { name: `Pause ${version}` }),
  ).toBeVisible({ timeout: 30_000 })
  await page.waitForFunction(
    () => {
      const audio = document.querySelector<HTMLAudioElement>("audio")
      return (
        audio !== null &&
        audio.currentSrc !== "" &&
        audio.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA &&
        audio.duration > 0 &&
        !audio.paused &&
        audio.currentTime > 0
      )
    },
    undefined,
    { timeout: 30_000 },
  )
}

test("generate a song from lyrics: credits, progress, a preview, the finished versions in My Songs", async ({
  page,
}) => {
  test.setTimeout(10 * 60_000)
  await registerVerified(page, newPerson("composer"))

  // Lyrics from the form.
  await page.goto("/app")
  await page.getByLabel("Song Title").fill("Night Bus")
  await page
    .getByLabel("Song Description")
    .fill("Riding the last night bus home through the quiet city")
  await page.getByLabel("Style Description").fill("Electronic pop, dreamy, female vocals, synth")
  await page.getByRole("button", { name: "Generate Lyrics" }).click()
  await expect(toast(page, "Lyrics generated successfully!")).toBeVisible()
  const lyrics = page.getByLabel("Lyrics", { exact: true })
  await expect(lyrics).toHaveValue(/Night Bus/)

  // No credits yet: the banner, a disabled button, and the way to buy some.
  const banner = page.getByRole("alert").filter({ hasText: "Insufficient credits" })
  await expect(banner).toContainText(
    "You need 5 credits to generate a song. You currently have 0 credits.",
  )
  await expect(page.getByRole("button", { name: "Generate Song" })).toBeDisabled()
  await banner.getByRole("link", { name: "Buy credits" }).click()
  await expect(page).toHaveURL(/\/credits$/)
  await buyProPack(page)

  // Back at the lyrics (the draft is kept): the banner is gone and the fields are checked first.
  await page.goto("/app")
  await expect(lyrics).toHaveValue(/Night Bus/)
  const written = await lyrics.inputValue()
  await expect(page.getByRole("alert").filter({ hasText: "Insufficient credits" })).toHaveCount(0)
  const generate = page.getByRole("button", { name: "Generate Song" })
  await expect(generate).toBeEnabled()
  await lyrics.fill("   ")
  await generate.click()
  await expect(toast(page, "Missing information")).toBeVisible()
  await expect(toast(page, "Please add the song's lyrics.")).toBeVisible()
  await lyrics.fill(written)

  // Start: the dialog opens with the progress, and cannot be dismissed while the song is made.
  const started = Date.now()
  await generate.click()
  const dialog = page.getByRole("dialog", { name: "Night Bus" })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole("list", { name: "Progress" })).toBeVisible()
  await expect(dialog.getByTestId("generation-phase")).toHaveText(
    /Writing the arrangement\.\.\.|The first version is ready to preview\.\.\./,
  )
  await page.keyboard.press("Escape")
  await page.mouse.click(5, 5)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0)

  // The first version streams: it plays in the dialog before the song is finished.
  await expect(dialog.getByTestId("generation-phase")).toHaveText(
    /The first version is ready to preview\.\.\.|Your song is ready!/,
    { timeout: renderTimeout },
  )
  const firstPlayable = Date.now() - started
  await expect(page.getByTestId("header-credits")).toHaveText("145")
  const first = dialog.getByRole("listitem", { name: "Version 1" })
  await expect(first.getByTestId("version-duration")).not.toHaveText("0:00")
  await first.getByRole("button", { name: "Play Version 1" }).click()
  await audioPlays(page, "Version 1")
  await expect(first.getByRole("button", { name: "Pause Version 1" })).toBeVisible()
  await first.getByRole("button", { name: "Pause Version 1" }).click()

  // Finished: both versions final, already in My Songs, no refund, the credits read again.
  await expect(dialog.getByTestId("generation-phase")).toHaveText("Your song is ready!", {
    timeout: renderTimeout,
  })
  const finished = Date.now() - started
  const versions = dialog.getByRole("list", { name: "Generated versions" }).getByRole("listitem")
  await expect(versions).toHaveCount(2)
  await expect(dialog.getByText("Saved to My Songs", { exact: true })).toHaveCount(2)
  await expect(dialog.getByText("Final", { exact: true })).toHaveCount(2)
  await expect(dialog).not.toContainText("refunded")
  await expect(dialog).not.toContainText("Song generation failed")
  await expect(page.getByTestId("header-credits")).toHaveText("145")

  // The final MP3 downloads as 'Title (Version N).mp3'.
  const second = dialog.getByRole("listitem", { name: "Version 2" })
  const download = page.waitForEvent("download")
  await second.getByRole("button", { name: "Download Version 2 as MP3" }).click()
  expect((await download).suggestedFilename()).toBe("Night Bus (Version 2).mp3")
  // Said in a toast, and inside the dialog: a modal dialog hides the rest of the page from screen readers.
  await expect(second.getByRole("status", { name: "Version 2 download" })).toHaveText(
    "Download started!",
  )
  await expect(page.locator("li[data-state=open]", { hasText: "Download started!" })).toBeVisible()

  test.info().annotations.push(
    {
      type: "first version playable after",
      description: `${(firstPlayable / 1000).toFixed(1)} s`,
    },
    { type: "song finished after", description: `${(finished / 1000).toFixed(1)} s` },
  )
  console.log(
    `generation: first version playable after ${(firstPlayable / 1000).toFixed(1)} s, finished after ${(finished / 1000).toFixed(1)} s`,
  )

  // Now it can be closed, and My Songs has both versions, private.
  await dialog.getByRole("link", { name: "Go to My Songs" }).click()
  await expect(page).toHaveURL(/\/library$/)
  await expect(
    page.getByRole("heading", { name: "Night Bus (Version 1)", exact: true }),
  ).toBeVisible()
  await expect(
    page.getByRole("heading", { name: "Night Bus (Version 2)", exact: true }),
  ).toBeVisible()
  await expect(page.getByRole("switch", { name: "Public: Night Bus (Version 1)" })).toHaveAttribute(
    "aria-checked",
    "false",
  )
})

test("the chat offers the control under Melody's lyrics and in the lyrics card", async ({
  page,
}) => {
  await registerVerified(page, newPerson("chatcomposer"))
  await page.goto("/chat")
  for (const message of [
    "A song about the lighthouse where my grandfather worked",
    "Folk, nostalgic",
    "female vocals with acoustic guitar",
    "yes, please write it",
  ])
    await tellMelody(page, message)
  await expect(page.getByRole("heading", { name: /Generated Lyrics/ })).toBeVisible()
  const conversation = page.getByRole("list", { name: "Conversation" })
  await expect(conversation.getByRole("button", { name: "Generate Song" })).toHaveCount(1)
  await expect(page.getByRole("button", { name: "Generate Song" })).toHaveCount(2)
  for (const button of await page.getByRole("button", { name: "Generate Song" }).all()) {
    await expect(button).toBeDisabled()
  }
  await expect(
    page.getByText("You need 5 credits to generate a song. You currently have 0 credits.").first(),
  ).toBeVisible()
})

test("an instrumental without lyrics: asked for without a voice, its versions play", async ({
  page,
}) => {
  test.setTimeout(6 * 60_000)
  await registerVerified(page, newPerson("pianist"))
  await page.goto("/credits")
  await buyProPack(page)

  await page.addInitScript(followLiveNotices)
  await page.goto("/app")
  // Title and style are still needed; lyrics are not.
  await page.getByRole("button", { name: "Instrumental, no lyrics" }).click()
  await expect(page.getByText("Title is required")).toBeVisible()
  await page.getByLabel("Song Title").fill("Glass River")
  await page.getByLabel("Style Description").fill("Ambient piano, calm")
  await page.getByRole("button", { name: "Instrumental, no lyrics" }).click()
  await expect(page.getByLabel("Lyrics", { exact: true })).toHaveValue("")
  const instrumental = page.getByRole("checkbox", { name: "Instrumental" })
  await expect(instrumental).toBeChecked()
  const asked = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().endsWith("/api/generate-song"),
  )
  await page.getByRole("button", { name: "Generate Song" }).click()
  expect((await asked).postDataJSON()).toMatchObject({
    title: "Glass River",
    lyrics: "",
    instrumental: true,
  })

  const dialog = page.getByRole("dialog", { name: "Glass River" })
  await expect(dialog.getByTestId("generation-phase")).toHaveText("Your song is ready!", {
    timeout: renderTimeout,
  })
  // Pushed, not polled: each phase shows soon after the notice that it changed, where the poll comes every
  // 8 s. Soon is 3 s: on a busy 2-core machine the status read and the render after a notice take 2 s.
  const { notices, phases, open } = await page.evaluate(() => window.__followed)
  expect(open).toBe(true)
  for (const phase of phases.filter((p) => p.text !== phases[0]?.text)) {
    const told = notices.filter((notice) => notice.at <= phase.at).at(-1)
    expect(told, phase.text).toBeDefined()
    expect(phase.at - told!.at, phase.text).toBeLessThan(3000)
  }
  expect(phases.map((phase) => phase.text)).toContain("Your song is ready!")
  await expect(page.getByTestId("header-credits")).toHaveText("145")
  await dialog
    .getByRole("listitem", { name: "Version 1" })
    .getByRole("button", { name: "Play Version 1" })
    .click()
  await audioPlays(page, "Version 1")
})
