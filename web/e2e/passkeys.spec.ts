import { expect, test } from "./journey-test.ts"
import { login, logout, newPerson, registerVerified, skipSplash } from "./support.ts"

/**
 * A passkey needs a domain name for its relying party, never an IP address: this journey runs on
 * localhost, which the server is told is where passkeys live (PASSKEY_ORIGIN, in playwright.config.ts).
 */
const localhost = () => `http://localhost:${process.env.E2E_PORT ?? 3210}`

test("add a passkey in settings, sign in with it alone and as the second step, and remove it", async ({
  browser,
}) => {
  const person = newPerson("passkey")
  const context = await browser.newContext({ baseURL: localhost() })
  const page = await context.newPage()
  await skipSplash(page)
  // Chromium's own virtual authenticator, as a laptop's fingerprint reader: it verifies the person.
  const cdp = await context.newCDPSession(page)
  await cdp.send("WebAuthn.enable")
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  await registerVerified(page, person)

  await page.goto("/settings")
  const adding = page.getByRole("form", { name: "Add a passkey" })
  await adding.getByLabel("Passkey name").fill("This laptop")
  await adding.getByRole("button", { name: "Add a passkey" }).click()
  await expect(page.getByText('Passkey "This laptop" added.').first()).toBeVisible()
  const passkeys = page.getByRole("list", { name: "Passkeys" })
  await expect(passkeys.getByRole("listitem", { name: "This laptop" })).toContainText("never used")
  // Kept on the device, for this site: the browser offers it without a username.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId })
  expect(credentials).toMatchObject([{ rpId: "localhost", isResidentCredential: true }])

  // The passkey alone signs in: no username, no password.
  await logout(page)
  await page.getByRole("button", { name: "Sign in with a passkey" }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole("banner").getByRole("link", { name: "Settings" })).toBeVisible()

  // The password alone is no longer enough: the passkey is asked for after it.
  await logout(page)
  await login(page, person.username, person.password)
  const second = page.getByRole("group", { name: "Two-step sign-in" })
  await expect(second.getByText("Use your passkey to finish signing in.")).toBeVisible()
  await second.getByRole("button", { name: "Use a passkey" }).click()
  await expect(page).toHaveURL(/\/$/)

  // Removed with the password, it is gone: the password alone signs in again.
  await page.goto("/settings")
  const laptop = passkeys.getByRole("listitem", { name: "This laptop" })
  await expect(laptop).toContainText("last used")
  await laptop.getByRole("button", { name: "Remove This laptop" }).click()
  const removal = page.getByRole("form", { name: "Remove This laptop" })
  await removal.getByLabel("Current password").fill("not-my-password")
  await removal.getByRole("button", { name: "Remove passkey" }).click()
  await expect(removal.getByText("Your current password is incorrect.")).toBeVisible()
  await removal.getByLabel("Current password").fill(person.password)
  await removal.getByRole("button", { name: "Remove passkey" }).click()
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible()
  await logout(page)
  await login(page, person.username, person.password)
  await expect(page).toHaveURL(/\/$/)
  await context.close()
})
