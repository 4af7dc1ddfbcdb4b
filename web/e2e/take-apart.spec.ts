import { readFile } from "node:fs/promises"
import type { Browser, Page } from "@playwright/test"
import { open } from "yauzl"
import { expect, test } from "./journey-test.ts"
import {
  buyProPack,
  generateOffline,
  moreActions,
  newPerson,
  registerVerified,
  skipSplash,
} from "./support.ts"

// A song taken apart, offline: one creator and one engine-made song shared by the journeys.
test.describe.configure({ mode: "serial" })

const title = "Ember (Version 1)"
let page: Page

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(6 * 60_000)
  page = await browser.newPage()
  await skipSplash(page)
  await registerVerified(page, newPerson("producer"))
  await buyProPack(page)
  await generateOffline(page, {
    title: "Ember",
    style: "mellow pop with male vocals and piano",
    lyrics:
      "[Verse]\nAn ember in the fireplace\nStill glowing after dark\n[Chorus]\nHold on, hold on\nTo every little spark",
  })
})

test.afterAll(async () => page.close())

/** The names of a zip's entries. */
const zipEntries = (path: string) =>
  new Promise<ReadonlyArray<string>>((resolve, reject) =>
    open(path, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error)
      const names: Array<string> = []
      zip.on("entry", (entry: { fileName: string }) => {
        names.push(entry.fileName)
        zip.readEntry()
      })
      zip.on("end", () => resolve(names))
      zip.readEntry()
    }),
  )

const card = () => page.getByRole("article", { name: title, exact: true })

/** Clicks a download link and answers the saved file's name and text. */
const download = async (link: ReturnType<Page["getByRole"]>) => {
  const saved = page.waitForEvent("download")
  await link.click()
  const file = await saved
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, "utf8") }
}

test("download the song's MIDI and its synced lyrics from the library, and share its parts", async () => {
  await page.goto("/library")
  const more = await moreActions(page, title)
  const midi = await download(more.getByRole("link", { name: `Download ${title} as MIDI` }))
  expect(midi.name).toBe(`${title}.mid`)
  expect(midi.text.startsWith("MThd")).toBe(true)
  const lrc = await download(
    more.getByRole("link", { name: `Download ${title}'s synced lyrics (LRC)` }),
  )
  expect(lrc.name).toBe(`${title}.lrc`)
  const lines = lrc.text.split("\n").filter((line) => /^\[\d\d:\d\d\.\d\d\]/.test(line))
  expect(lines[0]).toMatch(/^\[\d\d:\d\d\.\d\d\] <\d\d:\d\d\.\d\d> An <\d\d:\d\d\.\d\d> ember /)
  expect(lines.length).toBeGreaterThanOrEqual(4)
  // Others get none of it unless its owner says so.
  const sharing = more.getByLabel("Let others download its stems and MIDI while it is public")
  await expect(sharing).not.toBeChecked()
  await sharing.click()
  await expect(sharing).toBeChecked()
})

test("make the song's stems from the library and download them as one zip", async () => {
  test.setTimeout(3 * 60_000)
  await page.goto("/library")
  const saved = page.waitForEvent("download", { timeout: 150_000 })
  const more = await moreActions(page, title)
  await more.getByRole("button", { name: `Download ${title} as stems` }).click()
  await expect(more.getByRole("button", { name: `Making the stems of ${title}` })).toBeDisabled()
  // Closing the panel while they are made does not stop their download.
  await page.keyboard.press("Escape")
  await expect(more).toBeHidden()
  const zip = await saved
  expect(zip.suggestedFilename()).toBe(`${title} (stems).zip`)
  const names = await zipEntries((await zip.path())!)
  expect(names).toEqual(
    ["Vocals", "Drums", "Bass", "Harmony", "Lead"].map((stem) => `Ember - ${stem}.wav`),
  )
  await expect(
    (await moreActions(page, title)).getByRole("button", { name: `Download ${title} as stems` }),
  ).toBeEnabled()
})

test("the song page's lyrics follow the song as it plays, and a click on a line plays from there", async () => {
  test.setTimeout(2 * 60_000)
  const songs = (await (await page.request.get("/api/songs/my-songs")).json()) as ReadonlyArray<{
    id: string
    title: string
  }>
  const songId = songs.find((song) => song.title === title)!.id
  await page.goto(`/song/${songId}`)
  await expect(page.getByRole("heading", { name: title })).toBeVisible()
  const lyrics = page.getByRole("list", { name: "Lyrics in time with the song" })
  const lines = lyrics.getByRole("button")
  await expect(lines.first()).toHaveText("An ember in the fireplace")
  const current = lyrics.locator('[aria-current="true"]')
  await expect(current).toHaveCount(0)

  await page.getByRole("button", { name: `Play ${title}` }).click()
  await expect(current).toHaveText("An ember in the fireplace", { timeout: 30_000 })
  await expect(current).toHaveText("Still glowing after dark", { timeout: 15_000 })

  const last = lines.last()
  const lastText = (await last.textContent()) ?? ""
  await last.click()
  await expect(current).toHaveText(lastText)
  const position = () =>
    page.locator("audio").evaluate((audio: HTMLAudioElement) => audio.currentTime)
  const synced = (await (await page.request.get(`/api/songs/${songId}/synced-lyrics`)).json()) as {
    lines: ReadonlyArray<{ startMs: number }>
  }
  const lastStart = synced.lines.at(-1)!.startMs / 1000
  expect(await position()).toBeGreaterThanOrEqual(lastStart - 0.05)
  expect(await position()).toBeLessThan(lastStart + 3)
})

test("download the whole library as one zip from the account menu", async () => {
  await page.goto("/timeline")
  const saved = page.waitForEvent("download")
  await page.getByRole("banner").getByRole("link", { name: "Download my library" }).click()
  const zip = await saved
  expect(zip.suggestedFilename()).toMatch(/^Melody Studio library \d{4}-\d\d-\d\d\.zip$/)
  const names = await zipEntries((await zip.path())!)
  for (const file of [`${title}.mp3`, `${title}.txt`, `${title}.lrc`, "cover.jpg", "song.json"])
    expect(names).toContain(`${title}/${file}`)
  expect(names.filter((name) => name.endsWith("/song.json"))).toHaveLength(2)
})

test("export a lyric video in the TikTok format", async () => {
  test.setTimeout(3 * 60_000)
  await page.goto("/library")
  await (await moreActions(page, title))
    .getByRole("button", { name: `Export ${title} as a video` })
    .click()
  const dialog = page.getByRole("dialog", { name: "Export Video" })
  await dialog.getByRole("radio", { name: /TikTok/ }).check()
  await expect(dialog.getByLabel("Show lyrics")).toBeChecked()
  const asked = page.waitForRequest((request) => request.url().endsWith("/api/videos/generate"))
  await dialog.getByRole("button", { name: "Export Video" }).click()
  expect((await asked).postDataJSON()).toMatchObject({ format: "tiktok", showLyrics: true })
  await expect(dialog.getByRole("link", { name: "Download MP4" })).toBeVisible({
    timeout: 150_000,
  })
  await page.keyboard.press("Escape")
})

test("delete a version from the library after confirming: it and its page are gone", async () => {
  const other = "Ember (Version 2)"
  const songs = (await (await page.request.get("/api/songs/my-songs")).json()) as ReadonlyArray<{
    id: string
    title: string
  }>
  const otherId = songs.find((song) => song.title === other)!.id
  await page.goto("/library")
  const otherCard = page.getByRole("article", { name: other, exact: true })
  await (await moreActions(page, other)).getByRole("button", { name: `Delete ${other}` }).click()
  const dialog = page.getByRole("dialog", { name: `Delete “${other}”?` })
  await expect(dialog).toContainText("The credits it cost are not returned.")
  await expect(dialog.getByLabel("Also delete its other version")).not.toBeChecked()
  await dialog.getByRole("button", { name: "Delete song" }).click()
  await expect(otherCard).toHaveCount(0)
  await expect(card()).toBeVisible()
  await page.goto(`/song/${otherId}`)
  await expect(page.getByText("This song does not exist, or it is private.")).toBeVisible()
})
