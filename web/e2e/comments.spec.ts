import { expect, test } from "./journey-test.ts"
import { publishedSong } from "./shared-song.ts"
import { followMailedLink, personInOwnBrowser } from "./support.ts"

test("a listener comments under a song, its creator replies, and the listener edits and deletes", async ({
  browser,
}) => {
  // Three people in browsers of their own, a mailbox and a reload at each step: minutes on a busy machine.
  test.setTimeout(180_000)
  const creator = await personInOwnBrowser(browser, "voiced")
  const fan = await personInOwnBrowser(browser, "talker")
  const song = await publishedSong(
    creator.page,
    creator.person.username,
    `Open Letters ${creator.person.username.slice(-4)}`,
    "Indie pop, bright synths",
  )

  await fan.page.goto(`/song/${song.id}`)
  const comments = fan.page.getByRole("region", { name: /^Comments/ })
  await expect(comments.getByText("No comments yet. Say what you hear.")).toBeVisible()
  const box = comments.getByRole("textbox", { name: "Add a comment" })
  await box.fill("x".repeat(1001))
  await expect(comments.getByText("1,001 / 1,000")).toBeVisible()
  await expect(comments.getByRole("button", { name: "Comment", exact: true })).toBeDisabled()
  await box.fill("The second chorus <b>lifts</b> everything")
  await comments.getByRole("button", { name: "Comment", exact: true }).click()
  // Shown as the text it is: the markup stays words.
  await expect(comments.getByText("The second chorus <b>lifts</b> everything")).toBeVisible()
  await expect(comments.getByRole("heading", { name: "Comments (1)" })).toBeVisible()

  // The listener reports the song (once: a second report says it is waiting for an admin).
  const reportSong = async () => {
    await fan.page.getByRole("button", { name: `Report ${song.title}` }).click()
    const dialog = fan.page.getByRole("dialog", { name: `Report ${song.title}` })
    await expect(dialog.getByRole("button", { name: "Send report" })).toBeDisabled()
    await dialog.getByRole("radio", { name: "Something else" }).check()
    await expect(dialog.getByRole("button", { name: "Send report" })).toBeDisabled()
    await dialog
      .getByRole("textbox", { name: "What is wrong?" })
      .fill("The chorus is someone else's")
    await dialog.getByRole("button", { name: "Send report" }).click()
    return dialog
  }
  await reportSong()
  await expect(
    fan.page.getByText("An admin will look at it, and you will be told what they decide.").first(),
  ).toBeVisible()
  const again = await reportSong()
  await expect(again.getByRole("alert")).toHaveText(
    "You have already reported this song; an admin will look at it.",
  )
  await again.getByRole("button", { name: "Cancel" }).click()

  // The creator is told, at once: their finished song, then the comment.
  await creator.page.goto("/library")
  const bell = creator.page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName("Notifications, 2 unread")
  await bell.click()
  await creator.page
    .getByRole("button", { name: `Unread: ${fan.person.username} commented on "${song.title}".` })
    .click()
  await expect(creator.page).toHaveURL(new RegExp(`/song/${song.id}#comments$`))
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread")
  const own = creator.page.getByRole("region", { name: /^Comments/ })
  await own.getByRole("button", { name: "Reply" }).click()
  await own.getByRole("textbox", { name: `Reply to ${fan.person.username}` }).fill("Thank you!")
  await own.getByRole("button", { name: "Reply", exact: true }).last().click()
  await expect(own.getByRole("list", { name: "Replies" }).getByText("Thank you!")).toBeVisible()

  // The listener hears of the reply while on the page, and reads all.
  const fanBell = fan.page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
  await expect(fanBell).toHaveAccessibleName("Notifications, 1 unread")
  await fanBell.click()
  await expect(
    fan.page.getByText(`${creator.person.username} replied to your comment on "${song.title}".`),
  ).toBeVisible()
  await fan.page.getByRole("button", { name: "Mark all read" }).click()
  await expect(fanBell).toHaveAccessibleName("Notifications")
  await fan.page.keyboard.press("Escape")
  // Under a much answered comment, the page shows its first three replies and the rest on asking.
  const read = await fan.page.request.get(`/api/songs/${song.id}/comments`)
  const [commentId] = ((await read.json()) as { comments: Array<{ id: string }> }).comments.map(
    (comment) => comment.id,
  )
  for (const text of ["And the outro", "And the intro", "And the middle eight"]) {
    const answered = await fan.page.request.post(`/api/songs/${song.id}/comments`, {
      data: { text, replyTo: commentId },
    })
    expect(answered.status()).toBe(201)
  }
  await fan.page.reload()
  const replies = comments.getByRole("list", { name: "Replies" })
  await expect(replies.getByText("Thank you!")).toBeVisible()
  await expect(replies.getByText("And the middle eight")).toHaveCount(0)
  await replies.getByRole("button", { name: "Show more replies" }).click()
  await expect(replies.getByText("And the middle eight")).toBeVisible()
  await expect(replies.getByRole("button", { name: "Show more replies" })).toHaveCount(0)
  await comments.getByRole("button", { name: "Edit" }).first().click()
  const edit = comments.getByRole("textbox", { name: "Edit your comment" })
  await edit.fill("The bridge lifts everything")
  await edit.press("Control+Enter")
  await expect(comments.getByText("The bridge lifts everything")).toBeVisible()
  await expect(comments.getByText(/· edited/)).toBeVisible()
  await comments.getByRole("button", { name: "Delete" }).first().click()
  // The reply stands; the comment it answers says it was deleted.
  await expect(comments.getByText("This comment was deleted.")).toBeVisible()
  await expect(comments.getByText("Thank you!")).toBeVisible()
  await expect(comments.getByRole("heading", { name: "Comments (4)" })).toBeVisible()

  // The creator turns comments off: the listener sees none, and no box to write one.
  await creator.page.reload()
  await own.getByRole("button", { name: "Turn comments off" }).click()
  await expect(own.getByRole("button", { name: "Turn comments on" })).toBeVisible()
  await fan.page.reload()
  await expect(comments.getByText("Comments are turned off for this song.")).toBeVisible()
  await expect(comments.getByRole("textbox")).toHaveCount(0)
  await expect(comments.getByText("Thank you!")).toHaveCount(0)

  // The reply came by e-mail too: its link unsubscribes, without signing in, and the bell's switch says so.
  const stranger = await browser.newPage()
  await followMailedLink(stranger, fan.person.email, "/unsubscribe")
  await stranger.getByRole("button", { name: "Unsubscribe" }).click()
  await expect(
    stranger.getByText("You will no longer get an e-mail when someone replies to your comments."),
  ).toBeVisible()
  await fan.page.reload()
  await fanBell.click()
  await expect(
    fan.page.getByRole("checkbox", { name: "E-mail me when someone replies to my comments" }),
  ).not.toBeChecked()
  await expect(
    fan.page.getByRole("checkbox", { name: "E-mail me when a song is finished" }),
  ).not.toBeChecked()
})
