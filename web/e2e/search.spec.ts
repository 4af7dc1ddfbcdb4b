import { expect, test } from "./journey-test.ts"
import { sharedSong } from "./shared-song.ts"

test("search finds a song by a line of its lyrics from the header, with the keyboard, and lists all results on its page", async ({
  page,
}) => {
  const song = await sharedSong(page)
  // Its lyrics are sung under the title it was asked for, before " (Version 1)" was added.
  const asked = song.title.replace(/ \(Version 1\)$/, "")
  const suffix = asked.split(" ").at(-1)!
  const escaped = song.title.replace(/[()]/g, "\\$&")
  await page.goto("/timeline")
  const opener = page.getByRole("button", { name: "Search songs and creators" })
  // The timeline arrives drawn: a press before the app has taken it over is not heard.
  await expect(async () => {
    if ((await opener.getAttribute("aria-expanded")) !== "true") await opener.click()
    await expect(opener).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  const box = page.getByRole("combobox", { name: "Search songs and creators" })
  await expect(box).toBeFocused()

  // A line of its lyrics, the last word half typed.
  await box.fill(`this is paper lanterns ${suffix.slice(0, 3)}`)
  const option = page.getByRole("option", { name: new RegExp(escaped) })
  await expect(option).toBeVisible()
  for (let step = 0; step < 10 && (await option.getAttribute("aria-selected")) !== "true"; step++)
    await box.press("ArrowDown")
  await expect(option).toHaveAttribute("aria-selected", "true")
  await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!)
  await box.press("Enter")
  await expect(page).toHaveURL(new RegExp(`/song/${song.id}$`))
  await expect(page.getByRole("heading", { name: song.title, level: 1 })).toBeVisible()
  await expect(box).toHaveCount(0)

  // Escape closes the suggestions, then the box, and the button has focus again.
  await opener.click()
  await expect(box).toBeFocused()
  await box.fill(song.title)
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeVisible()
  await box.press("Escape")
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden()
  await box.press("Escape")
  await expect(box).toHaveCount(0)
  await expect(opener).toBeFocused()

  // Enter with no suggestion chosen opens the whole results, which the address keeps.
  await opener.click()
  await box.fill(song.title)
  await box.press("Enter")
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(song.title)}`)
  await expect(page.getByRole("heading", { name: "Search", level: 1 })).toBeVisible()
  await expect(page.getByRole("article", { name: song.title, exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByRole("article", { name: song.title, exact: true })).toBeVisible()
  const field = page.getByRole("searchbox", { name: "Search songs and creators" })
  await field.fill("no such words anywhere zq")
  await expect(page.getByText("Nothing matches “no such words anywhere zq”.")).toBeVisible()
  await expect(page).toHaveURL(/q=no\+such\+words|q=no%20such%20words/)
})
