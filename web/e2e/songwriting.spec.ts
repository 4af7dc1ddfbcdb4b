import type { Page } from "@playwright/test"
import { expect, test } from "./journey-test.ts"
import { newPerson, registerVerified, skipSplash, tellMelody } from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true })

test("chat with Melody from an idea to lyrics, edit them, and find the edit after a reload", async ({
  page,
}) => {
  await registerVerified(page, newPerson("chatter"))
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /Melody AI/ })
    .click()
  await expect(page.getByRole("heading", { name: /Melody AI/ })).toBeVisible()
  const conversation = page.getByRole("list", { name: "Conversation" })
  await expect(conversation).toContainText("I'm Melody")
  await expect(conversation).toContainText(
    "Pop, Rock, Hip-Hop, Country, Jazz, Electronic or Classical",
  )

  // Spaces alone are never sent; Shift+Enter starts a new line instead of sending.
  const box = page.getByLabel("Message Melody")
  await box.fill("   ")
  await box.press("Enter")
  await box.fill("a song about")
  await box.press("Shift+Enter")
  await expect(box).toHaveValue("a song about\n")
  await expect(conversation.locator("[data-role=user]")).toHaveCount(0)

  await box.fill("")
  // Melody's answer comes as a stream of what she writes.
  const streamed = page.waitForResponse("**/api/chat/stream")
  await tellMelody(page, "I want to write about the lighthouse where my grandfather worked")
  expect((await streamed).headers()["content-type"]).toBe("text/event-stream")
  await expect(conversation.locator("[data-role=user]")).toHaveCount(1)
  await expect(conversation).toContainText("your grandfather")
  await tellMelody(page, "Folk, nostalgic")
  await tellMelody(page, "female vocals with acoustic guitar and violin")
  await tellMelody(page, "yes, please write it")

  await expect(conversation).toContainText("Here are the lyrics I created for")
  const card = page.getByRole("heading", { name: /Generated Lyrics/ })
  await expect(card).toBeVisible()
  const lyrics = page.getByLabel("Generated Lyrics")
  await expect(lyrics).toHaveValue(/\[Verse 1\][\s\S]*\[Chorus\][\s\S]*\[Bridge\]/)
  await expect(lyrics).toHaveCSS("height", "400px")
  const written = await lyrics.inputValue()
  await expect(page.getByTestId("lyrics-length")).toHaveText(`${written.length} / 2000`)
  await expect(page.getByRole("button", { name: "Generate Song" }).first()).toBeDisabled()

  await lyrics.fill(`${written}\nThe light still turns for you`)
  await expect(page.getByText("Saved", { exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel("Generated Lyrics")).toHaveValue(
    `${written}\nThe light still turns for you`,
  )
  await expect(
    page.getByRole("list", { name: "Conversation" }).locator("[data-role=user]"),
  ).toHaveCount(4)

  // A new song: the card goes, and the hidden question does not show.
  await page.getByRole("button", { name: "New song" }).click()
  await expect(page.getByRole("heading", { name: /Generated Lyrics/ })).toHaveCount(0)
  await expect(
    page.getByText("Let's start a new song. What would you like your song to be about?"),
  ).toHaveCount(0)
})

test("write lyrics with the form: checks, lyrics, and an edit that survives a reload", async ({
  page,
}) => {
  await registerVerified(page, newPerson("former"))
  await page.goto("/app")
  await expect(page.getByRole("heading", { name: "Create Your AI Song" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Use Melody AI Assistant" })).toHaveAttribute(
    "href",
    "/chat",
  )

  await page.getByRole("button", { name: "Generate Lyrics" }).click()
  await expect(page.getByText("Title is required")).toBeVisible()
  await expect(page.getByText("Description is required")).toBeVisible()
  await expect(page.getByText("Style is required")).toBeVisible()
  await page.getByLabel("Song Title").fill("x".repeat(201))
  await page.getByRole("button", { name: "Generate Lyrics" }).click()
  await expect(page.getByText("Title must be less than 200 characters")).toBeVisible()

  await page.getByLabel("Song Title").fill("Night Bus")
  await page
    .getByLabel("Song Description")
    .fill("Riding the last night bus home through the quiet city")
  await page.getByLabel("Style Description").fill("Electronic, dreamy, female vocals, synth")
  await page.getByRole("button", { name: "Generate Lyrics" }).click()
  await expect(toast(page, "Lyrics generated successfully!")).toBeVisible()
  await expect(toast(page, "Your lyrics are ready below.")).toBeVisible()
  const lyrics = page.getByLabel("Lyrics", { exact: true })
  await expect(lyrics).toHaveValue(/Night Bus/)
  const written = await lyrics.inputValue()

  await lyrics.fill(`${written}\n(outro: my stop)`)
  await expect(page.getByText("Saved", { exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel("Lyrics", { exact: true })).toHaveValue(
    `${written}\n(outro: my stop)`,
  )
  await expect(page.getByLabel("Song Title")).toHaveValue("Night Bus")
})
