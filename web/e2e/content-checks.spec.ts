import { expect, test } from "./journey-test.ts"
import { newPerson, registerVerified, skipSplash } from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

test("words the content checks refuse are said at their field, and nothing is charged", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const person = newPerson("checked")
  await registerVerified(page, person)
  await page.goto("/credits")
  await page.getByRole("tab", { name: "One-Time Purchase" }).click()
  await page.getByRole("button", { name: /Buy 150 credits/ }).click()
  await page.getByRole("button", { name: "Pay", exact: true }).click()
  await expect(page.getByTestId("available-credits")).toHaveText("150")

  // Lyrics the checks refuse: said under the lyrics, and the song is not started.
  await page.goto("/app")
  await page.getByLabel("Song Title").fill("Harbour Lights")
  await page.getByLabel("Song Description").fill("Boats coming home at dusk")
  await page.getByLabel("Style Description").fill("Folk, acoustic guitar, warm vocals")
  await page.getByRole("button", { name: "Generate Lyrics" }).click()
  const lyrics = page.getByLabel("Lyrics", { exact: true })
  await expect(lyrics).toHaveValue(/\S/)
  await lyrics.fill("[Verse]\nNobody wants you here, kys")
  await expect(page.getByText("Saved", { exact: true })).toBeVisible()
  await page.getByRole("button", { name: "Generate Song" }).click()
  await expect(lyrics).toHaveAccessibleDescription(
    "The lyrics can't be published as written (harassment). Please change the wording.",
  )
  await expect(page.getByRole("dialog")).toHaveCount(0)
  await page.goto("/credits")
  await expect(page.getByTestId("available-credits")).toHaveText("150")

  // A bio the checks refuse: said under the bio, and the page keeps what it said.
  await page.goto(`/u/${person.username}`)
  await page.getByRole("button", { name: "Edit profile" }).click()
  const dialog = page.getByRole("dialog", { name: "Edit profile" })
  await dialog.getByLabel("Bio").fill("White power and boats")
  await dialog.getByRole("button", { name: "Save" }).click()
  await expect(dialog.getByLabel("Bio")).toHaveAccessibleDescription(
    "Your bio can't be published as written (hate speech). Please change the wording.",
  )
  await dialog.getByLabel("Bio").fill("Boats and the sea")
  await dialog.getByRole("button", { name: "Save" }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText("Boats and the sea")).toBeVisible()
})
