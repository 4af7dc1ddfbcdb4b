import { expect, test } from "./journey-test.ts"
import {
  followMailedLink,
  login,
  logout,
  newPerson,
  register,
  registerVerified,
  signInAdmin,
  skipSplash,
} from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

test("register, verify from the mailbox, see the banner, log out and in again", async ({
  page,
}) => {
  const person = newPerson()
  await register(page, person)
  await expect(page.getByText("Registration successful").first()).toBeVisible()
  const overlay = page.getByRole("dialog", { name: "Email Verification Required" })
  await expect(overlay).toBeVisible()
  await expect(overlay).toContainText(person.email)

  await overlay.getByRole("button", { name: "Resend verification email" }).click()
  await expect(
    page.getByText("Verification email sent. Please check your inbox.").first(),
  ).toBeVisible()

  await overlay.getByRole("link", { name: "Open the development mailbox" }).click()
  await expect(page.getByRole("heading", { name: "Development mailbox" })).toBeVisible()
  await followMailedLink(page, person.email, "/verify-email")
  await expect(
    page.getByText(
      "Thank you for verifying your email address. Your account is now fully activated.",
    ),
  ).toBeVisible()

  await page.getByRole("link", { name: "Proceed to Login" }).click()
  const banner = page.getByRole("status").filter({ hasText: "Email Verified!" })
  await expect(banner).toBeVisible()
  await expect(banner).toContainText(
    "Your email has been successfully verified. You now have full access to all features.",
  )
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole("dialog", { name: "Email Verification Required" })).toHaveCount(0)
  await expect(page.getByRole("heading", { name: "Transform Your Musical Ideas" })).toBeVisible()
  await expect(banner).toBeHidden({ timeout: 7000 })

  await expect(page.getByRole("banner")).toContainText(`Welcome, ${person.name}`)
  await logout(page)

  await login(page, person.username, person.password)
  await expect(page.getByText("Welcome back!").first()).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Songs" }),
  ).toBeVisible()
})

test("an account read that started before the verification does not leave it unverified", async ({
  page,
}) => {
  const person = newPerson()
  await register(page, person)
  await expect(page.getByRole("dialog", { name: "Email Verification Required" })).toBeVisible()
  // The verify page loads the account and verifies the link at once. Here the account's read reaches the
  // server first (it answers 'unverified') and its answer arrives after the verification's, as a slow
  // connection delivers it: the page must not keep that answer.
  let readOnVerifyPage = () => {}
  const accountRead = new Promise<void>((resolve) => {
    readOnVerifyPage = resolve
  })
  let verificationAnswered = false
  let answered = () => {}
  const verification = new Promise<void>((resolve) => {
    answered = resolve
  })
  await page.route("**/api/verify-email?*", async (route) => {
    await accountRead
    await route.fulfill({ response: await route.fetch() })
    verificationAnswered = true
    answered()
  })
  await page.route("**/api/session", async (route) => {
    if (verificationAnswered || !page.url().includes("/verify-email")) return route.fallback()
    const response = await route.fetch()
    readOnVerifyPage()
    await verification
    await new Promise((resolve) => setTimeout(resolve, 300))
    await route.fulfill({ response })
  })
  await followMailedLink(page, person.email, "/verify-email")
  await expect(page.getByRole("heading", { name: "Your email has been verified!" })).toBeVisible()
  await page.getByRole("link", { name: "Proceed to Login" }).click()
  await expect(page).toHaveURL(/\/$/)
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "My Songs" })
    .click()
  await expect(page).toHaveURL(/\/library$/)
  await expect(page.getByRole("dialog", { name: "Email Verification Required" })).toHaveCount(0)
})

test("validation messages show before anything is sent; a wrong password is refused", async ({
  page,
}) => {
  await page.goto("/auth")
  await page.getByRole("button", { name: "Login" }).click()
  await expect(page.getByText("Username and password are required").first()).toBeVisible()
  await page.getByRole("tab", { name: "Register" }).click()
  await page.getByLabel("Username").fill("ab")
  await page.getByLabel("Email").fill("not-an-address")
  await page.getByRole("button", { name: "Register" }).click()
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible()
  await expect(page.getByText("Invalid email address")).toBeVisible()
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible()
  await expect(
    page.getByText("You must accept the Terms of Service and Privacy Policy to register"),
  ).toBeVisible()

  await login(page, "nobody_at_all", "whatever")
  await expect(page.getByText("Login failed").first()).toBeVisible()
  await expect(page.getByText("Invalid username or password").first()).toBeVisible()
})

test.describe("with the app's code slow to arrive", () => {
  test.use({ serviceWorkers: "block" })

  test("a sign-in typed and sent before the page is the app's is sent as typed, once", async ({
    page,
  }) => {
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      await route.continue()
    })
    const attempts: string[] = []
    page.on("request", (request) => {
      if (request.url().endsWith("/api/login")) attempts.push(request.postData() ?? "")
    })
    await page.goto("/auth")
    await page.getByLabel("Username or email").fill("nobody_typed_early")
    await page.getByLabel("Password").fill("typed before the code")
    await page.getByRole("button", { name: "Login" }).click()
    // The answer is shown by the app, whose scripts each come 1.5 s late, one after another.
    await expect(page.getByText("Invalid username or password").first()).toBeVisible({
      timeout: 30_000,
    })
    expect(attempts).toHaveLength(1)
    expect(JSON.parse(attempts[0]!)).toMatchObject({
      username: "nobody_typed_early",
      password: "typed before the code",
    })
  })
})

test("forgot password, then reset it from the mailed link", async ({ page }) => {
  const person = newPerson("forgetful")
  await registerVerified(page, person)
  await logout(page)

  await page.getByRole("link", { name: "Forgot Password?" }).click()
  // The page must be in place before typing: on a slow machine a fill can land on the page being left.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible()
  await page.getByLabel("Email").fill(person.email)
  await expect(page.getByLabel("Email")).toHaveValue(person.email)
  await page.getByRole("button", { name: "Send Reset Link" }).click()
  await expect(
    page.getByRole("heading", { name: "Check your email for a password reset link" }),
  ).toBeVisible()

  await followMailedLink(page, person.email, "/reset-password")
  await page.getByLabel("New Password").fill("new-secret-9")
  await page.getByLabel("Confirm Password").fill("new-secret-8")
  await page.getByRole("button", { name: "Reset Password" }).click()
  await expect(page.getByText("Passwords do not match")).toBeVisible()
  await page.getByLabel("Confirm Password").fill("new-secret-9")
  await page.getByRole("button", { name: "Reset Password" }).click()
  await expect(page.getByRole("heading", { name: "Password Reset Successful" })).toBeVisible()

  await page.getByRole("link", { name: "Go to Login" }).click()
  await login(page, person.email, "new-secret-9")
  await expect(page).toHaveURL(/\/$/)
})

test("a used reset link says it is invalid and offers a new one", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token")
  await expect(page.getByText("Invalid or Expired Token")).toBeVisible()
  await page.getByRole("link", { name: "Request New Link" }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
})

test("an administrator sees only the Admin Dashboard link", async ({ page }) => {
  await signInAdmin(page)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible()
  const nav = page.getByRole("navigation", { name: "Main" })
  await expect(nav.getByRole("link")).toHaveText(["Admin Dashboard"])
  await expect(page.getByRole("button", { name: "Show the splash screen again" })).toBeVisible()
})

test("a regular user opening /admin sees the not-found page", async ({ page }) => {
  await registerVerified(page, newPerson())
  await page.goto("/admin")
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible()
})

test("a visitor opening a signed-in page is sent to sign in", async ({ page }) => {
  await page.goto("/library")
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByRole("tab", { name: "Login" })).toBeVisible()
})

test("below the md breakpoint the links live in a full-screen menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await registerVerified(page, newPerson("mobile"))
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden()
  await page.getByRole("button", { name: "Open menu" }).click()
  const menu = page.getByRole("navigation", { name: "Mobile" })
  await menu.getByRole("link", { name: "How To" }).click()
  await expect(page.getByRole("heading", { name: "How to create a song" })).toBeVisible()
  await expect(menu).toBeHidden()
})
