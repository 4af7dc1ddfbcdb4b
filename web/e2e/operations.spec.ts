import type { Browser, Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import {
  buyProPack,
  generateOffline,
  moreActions,
  newPerson,
  registerVerified,
  renderTimeout,
  skipSplash,
} from "./support.ts"

// Operations on a song, offline: one creator and one engine-made song shared by the journeys, each of
// which starts from the library or the song page and ends with a new version playing.
test.describe.configure({ mode: "serial" })

const source = "Lantern (Version 1)"

let page: Page

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(6 * 60_000)
  page = await browser.newPage()
  await skipSplash(page)
  await registerVerified(page, newPerson("operator"))
  await buyProPack(page)
  await generateOffline(page, {
    title: "Lantern",
    style: "upbeat pop with female vocals",
    lyrics:
      "[Verse]\nA lantern in the window\nIs burning through the night\n[Chorus]\nCome home, come home\nFollow the light",
  })
})

test.afterAll(async () => page.close())

const card = (title: string) => page.getByRole("article", { name: title, exact: true })

const songIdOf = async (title: string) => {
  const songs = (await (await page.request.get("/api/songs/my-songs")).json()) as ReadonlyArray<{
    id: string
    title: string
  }>
  return songs.find((song) => song.title === title)!.id
}

/** The operations dialog of the source song, opened from its library card. */
const operateFromLibrary = async () => {
  await page.goto("/library")
  await (await moreActions(page, source))
    .getByRole("button", { name: `Operations on ${source}` })
    .click()
  return page.getByRole("dialog", { name: `Operations on “${source}”` })
}

/** The new song's dialog: ready, then its first version playing; closed unless `stay`. */
const newVersionPlays = async (title: string, stay = false) => {
  const dialog = page.getByRole("dialog", { name: title })
  await expect(dialog.getByTestId("generation-phase")).toHaveText("Your song is ready!", {
    timeout: renderTimeout,
  })
  const version = dialog.getByRole("listitem", { name: "Version 1" })
  await version.getByRole("button", { name: "Play Version 1" }).click()
  await expect
    .poll(
      () =>
        // The one player's element, which every song plays through.
        page
          .locator("audio")
          .evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0),
      {
        timeout: 30_000,
      },
    )
    .toBe(true)
  if (!stay) await dialog.getByRole("button", { name: "Done" }).click()
  return dialog
}

test("extend a song from the library: the continuation's versions play and name their origin", async () => {
  test.setTimeout(6 * 60_000)
  const dialog = await operateFromLibrary()
  await expect(dialog.getByRole("tab", { name: "Extend" })).toHaveAttribute("data-state", "active")
  await dialog
    .getByLabel("Lyrics for the continuation")
    .fill("[Verse]\nAnd when the morning comes\nThe lantern keeps its glow")
  await dialog.getByRole("button", { name: "Extend · 5 credits" }).click()
  await newVersionPlays("Lantern (Extended)")

  await page.goto("/library")
  const extended = card("Lantern (Extended) (Version 1)")
  await expect(extended.getByTestId("song-origin")).toHaveText(`Extended from ${source}`)
  // The engine's songs come with their MIDI files, a splice of two renders too (joined as its audio is).
  for (const title of [source, "Lantern (Extended) (Version 1)"]) {
    const midi = page.waitForEvent("download")
    await (await moreActions(page, title))
      .getByRole("link", { name: `Download ${title} as MIDI` })
      .click()
    expect((await midi).suggestedFilename()).toBe(`${title}.mid`)
  }
  // The library shows the song's family alone: the song and both extended versions.
  await card(source).getByRole("button", { name: "Family (3)" }).click()
  await expect(page.getByRole("article")).toHaveCount(3)
  await expect(card("Lantern (Version 2)")).toHaveCount(0)
  await page.getByRole("button", { name: "Show all songs" }).click()
  await expect(page.getByRole("article")).toHaveCount(4)
  await extended.getByRole("link", { name: source }).click()
  await expect(page.getByRole("heading", { name: source })).toBeVisible()
})

test("replace a section from the song page: its lines come to edit, only that part is sung again", async () => {
  test.setTimeout(6 * 60_000)
  await page.goto(`/song/${await songIdOf(source)}`)
  await page.getByRole("button", { name: `Operations on ${source}` }).click()
  const dialog = page.getByRole("dialog", { name: `Operations on “${source}”` })
  await dialog.getByRole("tab", { name: "Replace a section" }).click()
  // A drag across the waveform chooses a stretch of its own, from a fifth of the song to two fifths.
  const waveform = dialog.getByTestId("waveform")
  const box = (await waveform.boundingBox())!
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 5 })
  await page.mouse.up()
  const seconds = async (label: string) => Number(await dialog.getByLabel(label).inputValue())
  const [from, to] = [await seconds("From (seconds)"), await seconds("To (seconds)")]
  expect(from).toBeGreaterThan(0)
  expect(to / from).toBeCloseTo(2, 0)
  await expect(dialog.getByText(/is sung again$/)).toBeVisible()
  await dialog.getByLabel("Section to replace").selectOption("[Verse]")
  const lines = dialog.getByLabel("New lines")
  await expect(lines).toHaveValue(/A lantern in the window/)
  await lines.fill("A candle on the table\nIs flickering so bright")
  await dialog.getByRole("button", { name: "Replace · 5 credits" }).click()
  await newVersionPlays("Lantern (New section)", true)
})

test("restyle a version right from its dialog: same words, new style, and Usage History names each operation", async () => {
  test.setTimeout(6 * 60_000)
  const made = page.getByRole("dialog", { name: "Lantern (New section)" })
  const version = "Lantern (New section) (Version 1)"
  await made.getByRole("button", { name: `Operations on ${version}` }).click()
  const dialog = page.getByRole("dialog", { name: `Operations on “${version}”` })
  await dialog.getByRole("tab", { name: "Restyle" }).click()
  await dialog.getByRole("button", { name: "synthwave" }).click()
  await dialog.getByRole("button", { name: "Restyle it · 5 credits" }).click()
  await newVersionPlays("Lantern (New section) (Synthwave restyle)")
  await page.goto("/library")
  const restyled = card("Lantern (New section) (Synthwave restyle) (Version 1)")
  await expect(restyled.getByTestId("song-origin")).toHaveText(`Synthwave restyle of ${version}`)

  await page.goto("/credits")
  const usage = page.getByRole("tabpanel", { name: "Usage History" })
  for (const name of ["Restyle", "Replace a section", "Extend", "Song generation"])
    await expect(usage.getByText(name, { exact: true }).first()).toBeVisible()
  await expect(page.getByTestId("available-credits")).toHaveText("130")
})

test("keep a voice, find it on the Voices page, and have it sing a restyle", async () => {
  test.setTimeout(6 * 60_000)
  await page.goto("/library")
  await (await moreActions(page, source))
    .getByRole("button", { name: `Keep voice of ${source}` })
    .click()
  const keep = page.getByRole("dialog", { name: "Keep this voice" })
  await keep.getByLabel("Voice name").fill("Lamplight")
  await keep.getByLabel("Description").fill("Bright, close, female")
  await keep.getByRole("button", { name: "Keep voice" }).click()
  await expect(keep).toBeHidden()

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Voices" }).click()
  const voice = page.getByRole("listitem", { name: "Lamplight" })
  await expect(voice).toContainText("Female voice, sung")
  await expect(voice).toContainText("Bright, close, female")
  await expect(voice.getByRole("link", { name: source })).toBeVisible()

  const dialog = await operateFromLibrary()
  await dialog.getByRole("tab", { name: "Restyle" }).click()
  await dialog.getByLabel("New style").fill("acoustic folk")
  await dialog.getByLabel("Voice").selectOption({ label: "Lamplight (Female voice, sung)" })
  const asked = page.waitForRequest((request) => request.url().endsWith("/restyle"))
  await dialog.getByRole("button", { name: "Restyle it · 5 credits" }).click()
  expect((await asked).postDataJSON()).toMatchObject({ style: "acoustic folk" })
  expect((await asked).postDataJSON().voiceId).toMatch(/^[0-9a-f-]{36}$/)
  await newVersionPlays("Lantern (Acoustic folk restyle)")
})
