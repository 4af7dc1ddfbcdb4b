import type { Page } from "@playwright/test"
import sharp from "sharp"
import { expect, test } from "./journey-test.ts"
import { publishedSong } from "./shared-song.ts"
import { moreActions, personInOwnBrowser, skipSplash } from "./support.ts"

const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true })

const count = (page: Page, label: string) =>
  page.locator("dl div").filter({ hasText: label }).locator("dd")

/** The button that counts and lists a creator's followers ("1 follower"), or whom they follow. */
const people = (page: Page, kind: "followers" | "following") =>
  page.getByRole("button", { name: kind === "followers" ? /^\d+ Followers?$/ : /^\d+ Following$/ })

test("a listener follows a creator from a card, and finds the creator's next song under Following", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const creator = await personInOwnBrowser(browser, "creator")
  const fan = await personInOwnBrowser(browser, "fan")
  const suffix = creator.person.username.slice(-4)
  const first = await publishedSong(
    creator.page,
    creator.person.username,
    `Morning Ferry ${suffix}`,
    "Folk, acoustic guitar",
  )

  // A card's play button is in view without hovering (a phone has no hover); its cover opens the song's
  // page, as its title does; the creator's name opens their page.
  await fan.page.goto("/timeline")
  const shown = card(fan.page, first.title)
  await expect(shown.getByRole("button", { name: `Play ${first.title}` })).toHaveCSS("opacity", "1")
  await shown.getByRole("img", { name: `Cover of ${first.title}` }).click({ force: true })
  await expect(fan.page).toHaveURL(new RegExp(`/song/${first.id}$`))
  await fan.page.goBack()
  await shown.getByRole("link", { name: creator.person.username }).click()
  await expect(fan.page).toHaveURL(new RegExp(`/u/${creator.person.username}$`))
  await expect(fan.page.getByRole("heading", { level: 1 })).toHaveText(creator.person.name)
  await expect(fan.page.getByRole("img", { name: `${creator.person.name}'s avatar` })).toBeVisible()
  await expect(card(fan.page, first.title)).toBeVisible()
  await expect(count(fan.page, "Songs")).toHaveText("1")
  await expect(people(fan.page, "followers")).toHaveAccessibleName("0 Followers")

  // Nothing is followed yet: the Following tab says how it fills.
  await fan.page.goto("/timeline?tab=following")
  await expect(fan.page.getByText(/^Nothing here yet/)).toBeVisible()

  // The fan follows from the song's card, among its more actions.
  await fan.page.goto("/timeline")
  const more = await moreActions(fan.page, first.title)
  await more.getByRole("button", { name: `Follow ${creator.person.username}` }).click()
  await expect(
    more.getByRole("button", { name: `Following ${creator.person.username}` }),
  ).toHaveAttribute("aria-pressed", "true")
  await fan.page.keyboard.press("Escape")
  await card(fan.page, first.title).getByRole("link", { name: creator.person.username }).click()
  const following = fan.page.getByRole("button", { name: `Following ${creator.person.username}` })
  await expect(following).toHaveAttribute("aria-pressed", "true")
  await expect(people(fan.page, "followers")).toHaveAccessibleName("1 Follower")
  await fan.page.reload()
  await expect(following).toBeVisible()

  // The creator's followers are listed, each a way to their page, where whom they follow is listed.
  await people(fan.page, "followers").click()
  const followers = fan.page.getByRole("dialog", { name: `Followers of ${creator.person.name}` })
  await followers.getByRole("link", { name: new RegExp(`@${fan.person.username}$`) }).click()
  await expect(followers).toBeHidden()
  await expect(fan.page).toHaveURL(new RegExp(`/u/${fan.person.username}$`))
  await expect(people(fan.page, "following")).toHaveAccessibleName("1 Following")
  await people(fan.page, "following").click()
  const followed = fan.page.getByRole("dialog", { name: `Followed by ${fan.person.name}` })
  await expect(followed.getByRole("link")).toHaveCount(1)
  await expect(followed.getByRole("link")).toContainText(`@${creator.person.username}`)
  await fan.page.keyboard.press("Escape")

  // The creator shares a new song; the fan finds it first under Following, the older one after it.
  const second = await publishedSong(
    creator.page,
    creator.person.username,
    `Evening Tide ${suffix}`,
    "Jazz, saxophone",
  )
  // Newest lists it first for everyone, whoever they follow.
  await fan.page.goto("/timeline")
  const lists = fan.page.getByRole("navigation", { name: "Timeline lists" })
  await lists.getByRole("link", { name: "Newest" }).click()
  await expect(fan.page).toHaveURL(/\/timeline\?tab=newest$/)
  await expect(card(fan.page, second.title)).toBeVisible()
  // Other journeys share songs meanwhile: what matters is that the newer comes before the older. Read
  // again until both are listed: the list is read again as the fan's session arrives.
  await expect(async () => {
    const order = await fan.page
      .getByRole("article")
      .evaluateAll((articles) => articles.map((a) => a.getAttribute("aria-label") ?? a.textContent))
    const at = (title: string) => order.findIndex((name) => name?.includes(title))
    expect(at(second.title)).toBeGreaterThanOrEqual(0)
    expect(at(second.title)).toBeLessThan(at(first.title))
  }).toPass()
  await fan.page
    .getByRole("navigation", { name: "Timeline lists" })
    .getByRole("link", { name: "Following" })
    .click()
  await expect(fan.page).toHaveURL(/\/timeline\?tab=following$/)
  await expect(fan.page.getByRole("article")).toHaveCount(2)
  await expect(fan.page.getByRole("article").first()).toHaveAccessibleName(second.title)
  await expect(fan.page.getByRole("article").last()).toHaveAccessibleName(first.title)

  // A visitor reads the page too, and is asked to sign in to follow.
  const visitor = await browser.newContext()
  const anonymous = await visitor.newPage()
  await skipSplash(anonymous)
  await anonymous.goto(`/u/${creator.person.username}`)
  await expect(people(anonymous, "followers")).toHaveAccessibleName("1 Follower")
  await expect(anonymous.getByRole("link", { name: "Sign in to follow" })).toBeVisible()
  await expect(card(anonymous, second.title)).toBeVisible()
  await visitor.close()

  await fan.context.close()
  await creator.context.close()
})

test("a creator writes their page: a name, a bio shown as text and links; a link that is not a web address is refused in words", async ({
  browser,
}) => {
  const creator = await personInOwnBrowser(browser, "creator")
  const page = creator.page
  await page.goto(`/u/${creator.person.username}`)
  // One's own page has no Follow: it has Edit profile.
  await expect(
    page.getByRole("button", { name: new RegExp(`^(Un)?[Ff]ollow ${creator.person.username}$`) }),
  ).toHaveCount(0)
  await page.getByRole("button", { name: "Edit profile" }).click()
  const dialog = page.getByRole("dialog", { name: "Edit profile" })
  // An avatar of their own: a file that is not an image is refused before it is sent; an image is kept.
  const upload = dialog.getByLabel("Upload an avatar")
  await upload.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hi"),
  })
  await expect(dialog.getByRole("alert")).toHaveText(
    "The avatar must be a JPEG, PNG or WebP image.",
  )
  const png = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 40, g: 90, b: 200 } },
  })
    .png()
    .toBuffer()
  await upload.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png })
  await expect(dialog.getByRole("img", { name: /'s avatar$/ })).toHaveAttribute(
    "src",
    /^\/api\/avatars\/[0-9a-f-]+\.webp$/,
  )
  await expect(dialog.getByRole("button", { name: "Use the drawn avatar" })).toBeVisible()
  await dialog.getByLabel("Name").fill("Ada of the Harbour")
  await dialog.getByLabel("Bio").fill("Songs about <b>boats</b>.\nAnd the sea.")
  await dialog.getByLabel("Link 1").fill("javascript:alert(1)")
  await dialog.getByRole("button", { name: "Save" }).click()
  await expect(dialog.getByText("Each link must be an http or https address")).toBeVisible()
  await dialog.getByLabel("Link 1").fill("https://ada.example/songs/")
  await dialog.getByRole("button", { name: "Save" }).click()
  await expect(dialog).toBeHidden()

  await page.reload()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ada of the Harbour")
  await expect(page.getByText("Songs about <b>boats</b>.")).toBeVisible()
  await expect(page.locator("b")).toHaveCount(0)
  const link = page.getByRole("list", { name: "Links" }).getByRole("link")
  await expect(link).toHaveText("ada.example/songs")
  await expect(link).toHaveAttribute("href", "https://ada.example/songs/")
  await expect(link).toHaveAttribute("rel", "nofollow ugc noopener noreferrer")
  // The avatar is on the page as it was drawn, for anyone.
  await expect(page.getByRole("img", { name: "Ada of the Harbour's avatar" })).toHaveAttribute(
    "src",
    /^\/api\/avatars\//,
  )
  await creator.context.close()
})

test("a visitor plays a song through half its length: one play counts, on its page, its card and its creator's page, and it trends", async ({
  browser,
}) => {
  // A creator and a visitor, four pages read after the play: past a minute on a busy machine.
  test.setTimeout(120_000)
  const creator = await personInOwnBrowser(browser, "creator")
  const suffix = creator.person.username.slice(-4)
  const song = await publishedSong(
    creator.page,
    creator.person.username,
    `Harbour Bells ${suffix}`,
    "Folk, bells",
  )
  const visitor = await browser.newContext()
  const page = await visitor.newPage()
  await skipSplash(page)
  await page.goto(`/song/${song.id}`)
  await expect(page.getByText("0 plays", { exact: true })).toBeVisible()

  // The seeded song lasts 4 s: the player reports the play once it has played 2 s of it.
  const reported = page.waitForResponse(
    (answer) =>
      answer.url().endsWith(`/api/songs/${song.id}/plays`) && answer.request().method() === "POST",
  )
  await page.getByRole("button", { name: `Play ${song.title}` }).click()
  expect(await (await reported).json()).toEqual({ counted: true })
  await expect(async () => {
    await page.reload()
    await expect(page.getByText("1 play", { exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass()

  // Plays per day are the owner's: the visitor sees none.
  await expect(page.getByText(/in the last 30 days$/)).toHaveCount(0)
  await creator.page.goto(`/song/${song.id}`)
  await expect(creator.page.getByText("1 play in the last 30 days")).toBeVisible()
  const today = new Date().toISOString().slice(0, 10)
  await expect(
    creator.page.getByRole("img", {
      name: `Plays per day over the last 30 days; the most on ${today}: 1 play`,
    }),
  ).toBeVisible()

  await page.goto(`/u/${creator.person.username}`)
  await expect(count(page, "Plays")).toHaveText("1")
  await expect(card(page, song.title).getByText(/^1 play · Folk, bells$/)).toBeVisible()

  // Played today, it is trending.
  await page.goto("/timeline")
  await page
    .getByRole("navigation", { name: "Timeline lists" })
    .getByRole("link", { name: "Trending" })
    .click()
  await expect(page).toHaveURL(/\/timeline\?tab=trending$/)
  await expect(
    page.getByText("Songs people made and shared, the most liked and played this week first."),
  ).toBeVisible()
  await expect(card(page, song.title)).toBeVisible()
  await visitor.close()
  await creator.context.close()
})
