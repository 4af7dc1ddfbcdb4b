import { execFile } from "node:child_process"
import { join } from "node:path"
import { type Browser, expect, type Page } from "@playwright/test"

let counter = 0

/** A new person, with a username and address no other test uses. */
export const newPerson = (prefix = "creator") => {
  counter += 1
  const id = `${Date.now().toString(36)}${counter}`
  return {
    name: "Ada Lovelace",
    username: `${prefix}_${id}`,
    email: `${prefix}_${id}@melody.test`,
    password: "secret-password",
  }
}

export type Person = ReturnType<typeof newPerson>

/** Skip the splash: these journeys are about what comes after it. */
export const skipSplash = (page: Page) =>
  page.addInitScript(() => localStorage.setItem("has_seen_splash", "true"))

export const register = async (page: Page, person: Person) => {
  await page.goto("/auth")
  await page.getByRole("tab", { name: "Register" }).click()
  await page.getByLabel("Full name").fill(person.name)
  await page.getByLabel("Username").fill(person.username)
  await page.getByLabel("Email").fill(person.email)
  await page.getByLabel("Password").fill(person.password)
  await page.getByRole("checkbox").click()
  await page.getByRole("button", { name: "Register" }).click()
}

export const login = async (page: Page, usernameOrEmail: string, password: string) => {
  await page.goto("/auth")
  await page.getByLabel("Username or email").fill(usernameOrEmail)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Login" }).click()
}

/** Opens the newest mail to this address in the development mailbox and follows its link. */
export const followMailedLink = async (page: Page, email: string, path: string) => {
  await page.goto("/dev/mailbox")
  const mail = page
    .getByRole("listitem")
    .filter({ hasText: `To ${email}` })
    .filter({ hasText: path })
    .first()
  await expect(mail).toBeVisible({ timeout: 15_000 })
  await mail.getByRole("link", { name: `Open link: ${path}` }).click()
}

export const logout = async (page: Page) => {
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click()
  await expect(page).toHaveURL(/\/auth$/)
}

/**
 * Registers and verifies a person, ending signed in on the home page. Through the API the screens call,
 * in the page's own context (its cookies are the session): identity.spec.ts walks these screens, and
 * every other journey starts after them, a few seconds sooner.
 */
export const registerVerified = async (page: Page, person: Person) => {
  const registered = await page.request.post("/api/register", {
    data: { ...person, acceptTerms: true },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const mailbox = (await (await page.request.get("/api/dev/mailbox")).json()) as {
          messages: ReadonlyArray<{ to: string; links: ReadonlyArray<string> }>
        }
        link = mailbox.messages
          .find((message) => message.to === person.email)
          ?.links.find((l) => l.includes("/verify-email?token="))
        return link
      },
      { timeout: 15_000, intervals: [100, 250, 500] },
    )
    .toBeDefined()
  const verified = await page.request.get(`/api${new URL(link!).pathname}${new URL(link!).search}`)
  expect(verified.status(), await verified.text()).toBe(200)
  await page.goto("/")
}

/** The journeys' administrator: the server's ADMIN_EMAIL (see playwright.config.ts). */
/**
 * Sends a message in the chat and waits for Melody's recorded answer: a new reply that is no longer being
 * written, and the input ready for the next message. (Her words arrive before the turn ends, and the page
 * learns that a message is on its way a moment after the box empties, so neither the writing notice nor
 * the send button alone tells that the turn is over.)
 */
export const tellMelody = async (page: Page, message: string) => {
  const replies = page
    .getByRole("list", { name: "Conversation" })
    .locator("[data-role=assistant]:not([aria-busy=true])")
  const before = await replies.count()
  const box = page.getByLabel("Message Melody")
  await box.fill(message)
  await box.press("Enter")
  await expect.poll(() => replies.count()).toBeGreaterThan(before)
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled()
}

export const adminEmail = "admin@melody.test"

/**
 * Signs the administrator in, ending on the Admin Dashboard: registered and verified by the first
 * journey that needs it (every journey's person has the same password), signed in by the others.
 */
export const signInAdmin = async (page: Page) => {
  const admin = { ...newPerson("admin"), email: adminEmail }
  await register(page, admin)
  const taken = page.getByText("An account with this email already exists").first()
  const unverified = page.getByRole("heading", { name: "Email Verification Required" })
  await expect(taken.or(unverified)).toBeVisible()
  if (await taken.isVisible()) {
    await login(page, adminEmail, admin.password)
  } else {
    await followMailedLink(page, adminEmail, "/verify-email")
    await expect(page.getByRole("heading", { name: "Your email has been verified!" })).toBeVisible()
    await page.getByRole("link", { name: "Proceed to Login" }).click()
  }
  await expect(page).toHaveURL(/\/admin$/)
}

/** Runs one of the journeys' bundled scripts (bundle.ts). */
const runScript = (script: string, args: ReadonlyArray<string>) =>
  new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [join(process.env.E2E_BUNDLE!, script), ...args],
      { cwd: join(import.meta.dirname, "..", ".."), env: process.env, timeout: 60_000 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${error.message}\nprinted: ${stdout}\n${stderr}`))
          : resolve(stdout),
    )
  })

/** Makes this person an administrator through the command line, as an operator would (grant-admin.ts). */
export const grantAdmin = (username: string) => runScript("grant-admin.js", [username])

/** A finished generation for this person, as media would deliver it (see seed-generation.ts). */
export const seedGeneration = async (
  username: string,
  title: string,
  style: string,
  versions = 1,
  seconds = 4,
) => {
  await runScript("seed-generation.js", [username, title, style, String(versions), String(seconds)])
}

/**
 * A generation of this person's that failed at the provider, as media would record it (see
 * seed-failed-generation.ts); answers its id.
 */
export const seedFailedGeneration = (username: string, status: string, reason: string) =>
  runScript("seed-failed-generation.js", [username, status, reason])

/** How long an offline render may take in a journey, on a busy machine. */
export const renderTimeout = 4 * 60_000

/** A song made offline through the API, as the Generate Song block would make it; once both versions are done. */
export const generateOffline = async (
  page: Page,
  song: { readonly title: string; readonly style: string; readonly lyrics: string },
) => {
  const started = await page.request.post("/api/generate-song", { data: song })
  expect(started.ok(), await started.text()).toBe(true)
  const { taskId } = (await started.json()) as { taskId: string }
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/check-song-status?taskId=${taskId}`)).json()) as {
            status: string
          }
        ).status,
      { timeout: renderTimeout, intervals: [1000] },
    )
    .toBe("SUCCESS")
}

/** 150 credits, paid at the offline test-mode checkout. */
export const buyProPack = async (page: Page) => {
  await page.goto("/credits")
  await page.getByRole("tab", { name: "One-Time Purchase" }).click()
  await page.getByRole("button", { name: /Buy 150 credits/ }).click()
  await page.getByRole("button", { name: "Pay", exact: true }).click()
  await expect(page.getByTestId("available-credits")).toHaveText("150")
}

/** On the admin dashboard: finds a person by username and opens their credit ledger. */
export const openLedger = async (page: Page, username: string) => {
  await page.getByRole("tab", { name: "Credit Ledger" }).click()
  await page.getByLabel("Username").fill(username)
  await page.getByRole("button", { name: "Search", exact: true }).click()
  await page.getByRole("list", { name: "Matching users" }).getByRole("button").first().click()
  return page.getByRole("region", { name: `Credit ledger of ${username}` })
}

/**
 * A new verified person signed in in a browser context of their own, beside the admin's page: their page
 * and context (close it when done).
 */
export const personInOwnBrowser = async (browser: Browser, prefix: string) => {
  const person = newPerson(prefix)
  const context = await browser.newContext()
  const page = await context.newPage()
  await skipSplash(page)
  await registerVerified(page, person)
  return { person, page, context }
}

/**
 * A song card's panel of more actions (downloads, exports, operations, deleting it), opened by its More
 * button when it is not open already.
 */
export const moreActions = async (page: Page, title: string) => {
  const panel = page.getByRole("dialog", { name: `More actions for ${title}` })
  if (await panel.isVisible()) return panel
  // Another card's panel may lie over this card's button: Escape closes it, as a person would.
  if ((await page.getByRole("dialog", { name: /^More actions for / }).count()) > 0)
    await page.keyboard.press("Escape")
  await page
    .getByRole("article", { name: title, exact: true })
    .getByRole("button", { name: `More actions for ${title}` })
    .click()
  await expect(panel).toBeVisible()
  return panel
}
