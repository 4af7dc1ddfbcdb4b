import type { Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import { logout, moreActions, personInOwnBrowser, seedGeneration } from "./support.ts"

/** The playlist's songs, in the order its page lists them. */
const listed = (page: Page) =>
  page
    .getByRole("list", { name: "Songs" })
    .getByRole("listitem")
    .getByRole("link")
    .filter({ hasText: /\(Version \d\)$/ })

const addTo = async (page: Page, song: string, playlist: string) => {
  const more = await moreActions(page, song)
  await more.getByRole("button", { name: `Add ${song} to a playlist` }).click()
  const dialog = page.getByRole("dialog", { name: "Add to playlist" })
  await dialog.getByRole("button", { name: `Add to ${playlist}` }).click()
  await expect(dialog.getByRole("button", { name: `Remove from ${playlist}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  )
  await page.keyboard.press("Escape")
  await expect(dialog).toBeHidden()
}

test("build a playlist from the cards, order it by keyboard and by dragging, play it through, and share it or keep it private", async ({
  browser,
}) => {
  test.setTimeout(210_000)
  const curator = await personInOwnBrowser(browser, "curator")
  const visitor = await browser.newContext()
  const stranger = await visitor.newPage()
  const page = curator.page
  const suffix = curator.person.username.slice(-4)
  // One generation of three versions: one seeding for the three songs.
  const title = `Harbor ${suffix}`
  const listName = `Road Trip ${suffix}`
  await seedGeneration(curator.person.username, title, "Folk", 3)
  const [first, second, third] = (await page.evaluate(
    async (titles) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const songs = (await (await fetch("/api/songs/my-songs")).json()) as Array<{
          id: string
          title: string
        }>
        const mine = titles.flatMap((t) => songs.filter((song) => song.title === t))
        if (mine.length === titles.length) {
          for (const song of mine)
            await fetch(`/api/songs/${song.id}/privacy`, {
              method: "PATCH",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ isPublic: true }),
            })
          return titles
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error("the seeded songs never reached the library")
    },
    [1, 2, 3].map((n) => `${title} (Version ${n})`),
  )) as [string, string, string]

  // A new playlist from the first song's card, in the dialog "Add to playlist" opens.
  await page.goto("/library")
  const more = await moreActions(page, first)
  await more.getByRole("button", { name: `Add ${first} to a playlist` }).click()
  const dialog = page.getByRole("dialog", { name: "Add to playlist" })
  await dialog.getByRole("textbox", { name: "New playlist's name" }).fill(listName)
  await dialog.getByRole("button", { name: "Create" }).click()
  await expect(dialog.getByRole("button", { name: `Remove from ${listName}` })).toBeVisible()
  await page.keyboard.press("Escape")
  await addTo(page, second, listName)
  await addTo(page, third, listName)

  // The library lists it beside "Liked songs"; its page plays the songs in order.
  await page
    .getByRole("list", { name: "Your playlists" })
    .getByRole("link", { name: new RegExp(listName) })
    .click()
  await expect(page.getByRole("heading", { name: listName, level: 1 })).toBeVisible()
  await expect(page.getByText(/3 songs, \d+ min/)).toBeVisible()
  await expect(listed(page)).toHaveText([first, second, third])

  // The keyboard moves a song down; dragging puts the last one first; the order stays after a reload.
  await page.getByRole("button", { name: `Move ${first} down` }).focus()
  await page.keyboard.press("Enter")
  await expect(listed(page)).toHaveText([second, first, third])
  const rows = page.getByRole("list", { name: "Songs" }).getByRole("listitem")
  await rows.nth(2).dragTo(rows.nth(0))
  await expect(listed(page)).toHaveText([third, second, first])
  await page.reload()
  await expect(listed(page)).toHaveText([third, second, first])

  // Play all starts at the top; each song (four seconds) goes on to the next; Previous goes back.
  await page.getByRole("button", { name: "Play all" }).click()
  const playing = page.getByRole("region", { name: "Now playing" })
  await expect(playing).toContainText(third)
  await expect(playing.getByRole("button", { name: `Pause ${third}` })).toBeVisible()
  await expect(playing).toContainText(second, { timeout: 20_000 })
  await playing.getByRole("button", { name: "Previous song" }).click()
  await expect(playing).toContainText(third)
  await playing.getByRole("button", { name: "Next song" }).click()
  await expect(playing).toContainText(second)

  // The bar repeats the queue and plays on through three other pages, reached by the app's own links
  // (the page never loads again), over the waveform the server drew; the lock screen names the song.
  const listAddress = page.url()
  await playing.getByRole("button", { name: "Repeat: off" }).click()
  await expect(playing.getByRole("button", { name: "Repeat: the queue" })).toBeVisible()
  await expect(playing.getByTestId("waveform")).toBeVisible()
  await page.evaluate(() => Object.assign(window, { stayed: true }))
  const audio = page.locator("audio")
  const heard = () => audio.evaluate((element: HTMLAudioElement) => element.currentTime)
  const lockScreen = () => page.evaluate(() => navigator.mediaSession.metadata?.title ?? "")
  const main = page.getByRole("navigation", { name: "Main" })
  for (const [link, address] of [
    ["My Songs", /\/library$/],
    ["How To", /\/how-to$/],
    ["About", /\/about$/],
  ] as const) {
    await main.getByRole("link", { name: link }).click()
    await expect(page).toHaveURL(address)
    await expect(playing).toBeVisible()
    const at = await heard()
    await expect.poll(heard).not.toBe(at)
    await expect(audio).toHaveJSProperty("paused", false)
    await expect.poll(lockScreen).toMatch(new RegExp(`^${title} \\(Version \\d\\)$`))
    await expect(playing).toContainText(await lockScreen())
  }
  expect(await page.evaluate(() => "stayed" in window)).toBe(true)

  // Any card's other actions queue a song: last, or right after the one playing (paused meanwhile, so
  // the four-second songs do not move on under the test).
  await main.getByRole("link", { name: "My Songs" }).click()
  await playing.getByRole("button", { name: /^Pause / }).click()
  await (await moreActions(page, first))
    .getByRole("button", { name: `Add ${first} to the queue` })
    .click()
  await page.keyboard.press("Escape")
  await playing.getByRole("button", { name: "Queue (4)" }).click()
  const queued = playing.getByRole("list", { name: "Queue" }).getByRole("listitem")
  await expect(queued).toHaveCount(4)
  await expect(queued.last()).toContainText(first)
  const playingAt = await queued.evaluateAll((items) =>
    items.findIndex((item) => item.getAttribute("aria-current") === "true"),
  )
  await (await moreActions(page, third)).getByRole("button", { name: `Play ${third} next` }).click()
  await page.keyboard.press("Escape")
  await expect(queued).toHaveCount(5)
  await expect(queued.nth(playingAt + 1)).toContainText(third)
  await playing.getByRole("button", { name: "Queue (5)" }).click()
  await playing.getByRole("button", { name: /^Play / }).click()
  await expect(audio).toHaveJSProperty("paused", false)

  // Keys: Space pauses and plays again, Shift+→ goes to the next song; in a field, a space is typed.
  await page.getByRole("heading", { level: 1 }).first().click()
  await page.keyboard.press("Space")
  await expect(audio).toHaveJSProperty("paused", true)
  await expect(playing.getByRole("button", { name: /^Play / })).toBeVisible()
  await page.keyboard.press("Space")
  await expect(audio).toHaveJSProperty("paused", false)
  const before = await lockScreen()
  await page.keyboard.press("Shift+ArrowRight")
  await expect.poll(lockScreen).not.toBe(before)
  await page.getByRole("button", { name: "Search songs and creators" }).click()
  await page.getByRole("combobox").pressSequentially("a b")
  await expect(page.getByRole("combobox")).toHaveValue("a b")
  await expect(audio).toHaveJSProperty("paused", false)
  await page.keyboard.press("Escape")
  await page.goto(listAddress)

  // Its player for other sites is a click away, as a song's is.
  await curator.context.grantPermissions(["clipboard-read", "clipboard-write"])
  await page.getByRole("button", { name: "Copy embed code" }).click()
  await expect(page.getByText("Embed code copied", { exact: true })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^<iframe src="http[^"]+\/embed\/playlist\/[0-9a-f-]+" width="560" height="400"/,
  )

  // Anyone may open a public playlist, and it is on its creator's page.
  const address = page.url()
  await stranger.goto(address)
  // A first visit reads the list through the typed client, whose runtime a busy machine builds slowly.
  await expect(stranger.getByRole("heading", { name: listName, level: 1 })).toBeVisible({
    timeout: 30_000,
  })
  await expect(listed(stranger)).toHaveText([third, second, first])
  await expect(stranger.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0)
  // A first search in this browser, on a machine busy with the other journey and the audits: as slow to
  // build as the first visit above.
  await stranger.goto(`/search?q=${encodeURIComponent(listName)}`)
  await expect(
    stranger
      .getByRole("region", { name: "Playlists" })
      .getByRole("link", { name: new RegExp(`^${listName}`) }),
  ).toBeVisible({ timeout: 30_000 })
  await stranger.goto(`/u/${curator.person.username}`)
  await stranger
    .getByRole("list", { name: "Their playlists" })
    .getByRole("link", { name: new RegExp(listName) })
    .click()
  await expect(stranger).toHaveURL(address)

  // Its owner renames it, takes a song out, and keeps it private: then nobody else finds it.
  await page.getByRole("button", { name: "Edit", exact: true }).click()
  const edit = page.getByRole("dialog", { name: "Edit playlist" })
  await edit.getByLabel("Name").fill("Night Drive")
  await edit.getByLabel("Description").fill("For the way <b>home</b>")
  await edit.getByRole("button", { name: "Save" }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByRole("heading", { name: "Night Drive", level: 1 })).toBeVisible()
  await expect(page.getByText("For the way <b>home</b>")).toBeVisible()
  await page.getByRole("button", { name: `Remove ${second} from the playlist` }).click()
  await expect(listed(page)).toHaveText([third, first])
  await page.getByLabel("Public").uncheck()
  await expect(page.getByLabel("Public")).toBeEnabled()
  await expect(page.getByText("Private", { exact: true })).toBeVisible()
  await stranger.goto(address)
  await expect(
    stranger.getByRole("heading", { name: "This playlist does not exist, or it is private." }),
  ).toBeVisible()

  // Deleting it, after confirming, leads back to the library, where it is gone.
  await page.getByRole("button", { name: "Delete", exact: true }).click()
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click()
  await expect(page).toHaveURL(/\/library$/)
  await expect(
    page.getByRole("list", { name: "Your playlists" }).getByRole("link", { name: /Night Drive/ }),
  ).toHaveCount(0)
  // "Liked songs" is there too, the curator's own.
  await page
    .getByRole("list", { name: "Your playlists" })
    .getByRole("link", { name: /Liked songs/ })
    .click()
  await expect(page.getByRole("heading", { name: "Liked songs", level: 1 })).toBeVisible()
  await expect(
    page.getByText("No liked songs yet. Press the heart on any song you love."),
  ).toBeVisible()
  await stranger.goto("/playlist/liked")
  await expect(stranger).toHaveURL(/\/auth$/)

  // Signing out stops the player and forgets its queue: the next person here sees none of it.
  await page.goto("/library")
  await page
    .getByRole("article", { name: first, exact: true })
    .getByRole("button", { name: `Play ${first}` })
    .click()
  await expect(playing).toContainText(first)
  await logout(page)
  await expect(playing).toBeHidden()
  await expect(audio).toHaveJSProperty("paused", true)
  await curator.context.close()
  await visitor.close()
})
