import { generateSync } from "otplib"
import { expect, test } from "./journey-test.ts"
import { followMailedLink, login, personInOwnBrowser, skipSplash } from "./support.ts"

test("change the password in settings: the other browser's session ends, and sessions end from the list", async ({
  browser,
}) => {
  const { person, page } = await personInOwnBrowser(browser, "settings")
  const other = await (await browser.newContext()).newPage()
  await skipSplash(other)
  await login(other, person.username, person.password)
  await expect(other).toHaveURL(/\/$/)
  await other.goto("/library")

  await page.goto("/")
  await page.getByRole("banner").getByRole("link", { name: "Settings" }).click()
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible()
  await expect(page.getByText(person.email)).toBeVisible()
  await expect(page.getByRole("link", { name: "Edit them on your creator page" })).toHaveAttribute(
    "href",
    `/u/${person.username}`,
  )
  const sessions = page.getByRole("list", { name: "Signed-in sessions" })
  await expect(sessions.getByRole("listitem")).toHaveCount(2)
  await expect(sessions.getByText("This session")).toHaveCount(1)
  await expect(
    page.getByRole("checkbox", { name: /E-mail me when a song is finished/ }),
  ).toBeVisible()

  // A wrong current password is said at its field, and changes nothing.
  const form = page.getByRole("form", { name: "Change password" })
  await form.getByLabel("Current password").fill("not-my-password")
  await form.getByLabel("New password").fill("a-new-secret")
  await form.getByRole("button", { name: "Change password" }).click()
  await expect(form.getByText("Your current password is incorrect.")).toBeVisible()
  await expect(sessions.getByRole("listitem")).toHaveCount(2)

  await form.getByLabel("Current password").fill(person.password)
  await form.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByText("Password changed").first()).toBeVisible()
  await expect(sessions.getByRole("listitem")).toHaveCount(1)

  // The other browser is sent to sign in as its session ends, without a reload; the old password is gone.
  await expect(other).toHaveURL(/\/auth$/, { timeout: 20_000 })
  await login(other, person.username, person.password)
  await expect(other.getByText("Invalid username or password").first()).toBeVisible()
  await login(other, person.username, "a-new-secret")
  await expect(other).toHaveURL(/\/$/)

  // Signed in again there, it is listed here, and signed out from here.
  await page.reload()
  await expect(sessions.getByRole("listitem")).toHaveCount(2)
  await sessions
    .getByRole("listitem")
    .filter({ hasNotText: "This session" })
    .getByRole("button", { name: "Sign out" })
    .click()
  await expect(sessions.getByRole("listitem")).toHaveCount(1)
  await expect(other).toHaveURL(/\/auth$/, { timeout: 20_000 })
  await page.reload()
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible()
})

test("change the email from settings, confirm it from the new address, and take it back from the old one", async ({
  browser,
}) => {
  const { person, page } = await personInOwnBrowser(browser, "moving")
  const next = `new_${person.email}`
  await page.goto("/settings")
  const form = page.getByRole("form", { name: "Change email" })
  await form.getByLabel("New email").fill(person.email.toUpperCase())
  await form.getByLabel("Current password").fill(person.password)
  await form.getByRole("button", { name: "Change email" }).click()
  await expect(form.getByText("This is your email already.")).toBeVisible()
  await form.getByLabel("New email").fill(next)
  await form.getByLabel("Current password").fill(person.password)
  await form.getByRole("button", { name: "Change email" }).click()
  await expect(form.getByText(`We sent a link to ${next}.`, { exact: false })).toBeVisible()

  await followMailedLink(page, next, "/email/confirm")
  await page.getByRole("button", { name: "Confirm my new email" }).click()
  await expect(page.getByRole("status")).toHaveText(`Your email is now ${next}.`)
  await page.getByRole("link", { name: "Go to settings" }).click()
  await expect(page.getByText(next, { exact: true })).toBeVisible()

  // The old address was told, and takes it back: every session ends, this one too.
  await followMailedLink(page, person.email, "/email/undo")
  await page.getByRole("button", { name: "Undo the change" }).click()
  await expect(page.getByRole("status")).toContainText(`Your email is ${person.email} again`)
  await page.goto("/settings")
  await expect(page).toHaveURL(/\/auth$/)
  // Signed in before going on: leaving the page at once would cancel the sign-in.
  await login(page, person.email, person.password)
  await expect(page).toHaveURL(/\/$/)
  await page.goto("/settings")
  await expect(page.getByText(person.email, { exact: true })).toBeVisible()
})

test("turn on two-step sign-in with an authenticator app, sign in with its code and with a recovery code, and turn it off", async ({
  browser,
}) => {
  const { person, page } = await personInOwnBrowser(browser, "twostep")
  await page.goto("/settings")
  await page.getByRole("button", { name: "Set up an authenticator app" }).click()
  const secret = (await page.getByTestId("setup-key").innerText()).replace(/\s/g, "")
  const setup = page.getByRole("form", { name: "Turn on two-step" })
  await setup.getByLabel("Code from the app").fill("000000")
  await setup.getByRole("button", { name: "Turn on" }).click()
  await expect(setup.getByText("That code is not right.", { exact: false })).toBeVisible()
  await setup.getByLabel("Code from the app").fill(generateSync({ secret }))
  await setup.getByRole("button", { name: "Turn on" }).click()
  await expect(
    page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10)
  const codes = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allInnerTexts()
  expect(codes).toHaveLength(10)
  await page.getByRole("button", { name: "I saved them" }).click()
  await expect(page.getByText("Recovery codes left: 10.")).toBeVisible()

  // The password alone no longer signs in: the app's code does.
  const other = await (await browser.newContext()).newPage()
  await skipSplash(other)
  await login(other, person.username, person.password)
  const step = other.getByRole("form", { name: "Two-step sign-in" })
  const next = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })
  await step.getByLabel("Code").fill(next)
  await step.getByRole("button", { name: "Verify" }).click()
  await expect(other).toHaveURL(/\/$/)

  // A recovery code, once.
  await other.context().clearCookies()
  await login(other, person.username, person.password)
  await step.getByLabel("Code").fill(codes[0]!)
  await step.getByRole("button", { name: "Verify" }).click()
  await expect(other).toHaveURL(/\/$/)
  await other.context().clearCookies()
  await login(other, person.username, person.password)
  await step.getByLabel("Code").fill(codes[0]!)
  await step.getByRole("button", { name: "Verify" }).click()
  await expect(step.getByText("That recovery code was used already.")).toBeVisible()

  await page.reload()
  await expect(page.getByText("Recovery codes left: 9.")).toBeVisible()
  const off = page.getByRole("form", { name: "Turn off two-step" })
  await off.getByLabel("Current password").fill(person.password)
  await off.getByRole("button", { name: "Turn off two-step sign-in" }).click()
  await expect(page.getByRole("button", { name: "Set up an authenticator app" })).toBeVisible()
  await login(other, person.username, person.password)
  await expect(other).toHaveURL(/\/$/)
})
