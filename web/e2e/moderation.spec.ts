import { expect, test } from "./journey-test.ts"
import { publishedSong } from "./shared-song.ts"
import { personInOwnBrowser, signInAdmin, skipSplash } from "./support.ts"

test("a reported comment hidden by an admin is gone for others; its author reads why and appeals", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000)
  const creator = await personInOwnBrowser(browser, "modsong")
  const troll = await personInOwnBrowser(browser, "modtroll")
  const song = await publishedSong(
    creator.page,
    creator.person.username,
    `Quiet Harbor ${creator.person.username.slice(-4)}`,
    "Folk, fingerpicked guitar",
  )
  const words = `Worst singer alive ${troll.person.username.slice(-4)}`

  await troll.page.goto(`/song/${song.id}`)
  const trollComments = troll.page.getByRole("region", { name: /^Comments/ })
  await trollComments.getByRole("textbox", { name: "Add a comment" }).fill(words)
  await trollComments.getByRole("button", { name: "Comment", exact: true }).click()
  await expect(trollComments.getByText(words)).toBeVisible()

  // The song's creator reports it.
  await creator.page.goto(`/song/${song.id}`)
  await creator.page.getByRole("button", { name: "Report this comment" }).click()
  const dialog = creator.page.getByRole("dialog", { name: "Report this comment" })
  await dialog.getByRole("radio", { name: "Harassment or bullying" }).check()
  await dialog.getByRole("button", { name: "Send report" }).click()
  await expect(creator.page.getByText(/An admin will look at it/).first()).toBeVisible()

  // An admin hides it from the queue, with a reason.
  await skipSplash(page)
  await signInAdmin(page)
  await page.getByRole("tab", { name: "Moderation" }).click()
  const item = page.getByRole("region", { name: "Open reports" }).getByRole("listitem").filter({
    hasText: words,
  })
  await expect(item).toContainText("harassment")
  await item.getByRole("textbox", { name: /^Reason for the decision/ }).fill("Insults the singer.")
  await item.getByRole("button", { name: "Hide" }).click()
  // Decided, it leaves the queue.
  await expect(item).toHaveCount(0)

  // Gone for the creator; its author reads why, and appeals once.
  await creator.page.reload()
  await expect(creator.page.getByRole("region", { name: /^Comments/ })).not.toContainText(words)
  await troll.page.reload()
  const notice = troll.page.getByRole("alert").filter({ hasText: "Hidden by an admin" })
  await expect(notice).toContainText("Reason: Insults the singer.")
  await notice.getByRole("button", { name: "Appeal" }).click()
  await notice.getByRole("textbox", { name: "Why it should be shown again" }).fill("It was a joke.")
  await notice.getByRole("button", { name: "Send appeal" }).click()
  await expect(notice).toContainText("Your appeal is with the admins.")

  // The admin who hid it may not decide the appeal.
  await page.reload()
  await page.getByRole("tab", { name: "Moderation" }).click()
  await expect(
    page
      .getByRole("list", { name: "Open appeals" })
      .getByText("You hid it: another admin decides the appeal."),
  ).toBeVisible()
})

test("an admin suspends an account and lifts it: the person is kept out with why, then let in", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000)
  const member = await personInOwnBrowser(browser, "suspended")
  await skipSplash(page)
  await signInAdmin(page)
  await page.getByRole("tab", { name: "Moderation" }).click()
  const suspensions = page.getByRole("region", { name: "Suspensions" })
  await suspensions
    .getByRole("textbox", { name: "Username to suspend" })
    .fill(member.person.username)
  await suspensions.getByRole("textbox", { name: "Reason for the suspension" }).fill("Spam links.")
  await suspensions.getByRole("combobox", { name: "How long" }).selectOption("0")
  await suspensions.getByRole("button", { name: "Suspend" }).click()
  await expect(suspensions.getByRole("status")).toHaveText(
    `${member.person.username} is suspended until an admin lifts it.`,
  )
  const row = suspensions.getByRole("row").filter({ hasText: member.person.username })
  await expect(row).toContainText("Until lifted")

  // Signed out, and told why at the sign-in form.
  await member.page.goto("/library")
  await expect(member.page).toHaveURL(/\/auth/)
  await member.page.getByLabel("Username or email").fill(member.person.username)
  await member.page.getByLabel("Password").fill(member.person.password)
  await member.page.getByRole("button", { name: "Login" }).click()
  await expect(
    member.page.getByText("Your account is suspended until an admin lifts it: Spam links.", {
      exact: true,
    }),
  ).toBeVisible()

  await row.getByRole("textbox", { name: /^Reason to lift/ }).fill("Promised to stop.")
  await row.getByRole("button", { name: "Lift" }).click()
  await expect(suspensions.getByText("No account is suspended.")).toBeVisible()
  await member.page.getByRole("button", { name: "Login" }).click()
  await expect(member.page).not.toHaveURL(/\/auth/)
})

test("a person reports and blocks another from their page: the blocked one's comments vanish for them, and they cannot comment again", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const owner = await personInOwnBrowser(browser, "blocker")
  const troll = await personInOwnBrowser(browser, "blocked")
  const song = await publishedSong(
    owner.page,
    owner.person.username,
    `Still Water ${owner.person.username.slice(-4)}`,
    "Ambient, slow piano",
  )
  const words = `You again ${troll.person.username.slice(-4)}`
  await troll.page.goto(`/song/${song.id}`)
  const trollComments = troll.page.getByRole("region", { name: /^Comments/ })
  await trollComments.getByRole("textbox", { name: "Add a comment" }).fill(words)
  await trollComments.getByRole("button", { name: "Comment", exact: true }).click()
  await expect(trollComments.getByText(words)).toBeVisible()

  await owner.page.goto(`/u/${troll.person.username}`)
  await owner.page.getByRole("button", { name: /^Report / }).click()
  const report = owner.page.getByRole("dialog", { name: /^Report / })
  await report.getByRole("radio", { name: "Spam" }).check()
  await report.getByRole("button", { name: "Send report" }).click()
  await expect(owner.page.getByText(/An admin will look at it/).first()).toBeVisible()

  await owner.page.getByRole("button", { name: /^Block / }).click()
  const confirm = owner.page.getByRole("dialog", { name: /^Block .*\?$/ })
  await expect(confirm).toContainText("They are not told.")
  await confirm.getByRole("button", { name: "Block", exact: true }).click()
  await expect(owner.page.getByRole("button", { name: "Unblock" })).toBeVisible()

  await owner.page.goto(`/song/${song.id}`)
  const ownerComments = owner.page.getByRole("region", { name: /^Comments/ })
  await expect(ownerComments).toBeVisible()
  await expect(ownerComments).not.toContainText(words)

  await troll.page.reload()
  await trollComments.getByRole("textbox", { name: "Add a comment" }).fill("Let me in")
  await trollComments.getByRole("button", { name: "Comment", exact: true }).click()
  await expect(trollComments.getByRole("alert")).toHaveText(
    "The owner of this song does not take your comments.",
  )
})
