import { expect, test } from "./journey-test.ts"
import {
  grantAdmin,
  login,
  logout,
  newPerson,
  openLedger,
  personInOwnBrowser,
  registerVerified,
  signInAdmin,
  skipSplash,
} from "./support.ts"

test.beforeEach(async ({ page }) => skipSplash(page))

test("an adjustment above the threshold waits until a second admin approves it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const {
    person: member,
    page: person,
    context: theirs,
  } = await personInOwnBrowser(browser, "adjusted")

  // The first admin asks for 2,000 credits: above the default 1,000, so it waits.
  await signInAdmin(page)
  const ledger = await openLedger(page, member.username)
  const form = ledger.getByRole("form", { name: `Adjust the credits of ${member.username}` })
  await form.getByLabel("Credits (+/-)").fill("2000")
  await form.getByLabel("Reason").fill("Songs lost in the outage")
  await form.getByLabel("Ticket").fill("ZD-1234")
  await form.getByRole("button", { name: "Adjust" }).click()
  await expect(form.getByRole("status")).toHaveText(
    "Above the approval threshold: it waits for a second admin's approval.",
  )
  await expect(ledger.getByTestId("ledger-balance")).toHaveText("0")
  const pendingOf = (admin: typeof page) =>
    admin
      .getByRole("region", { name: "Pending adjustments" })
      .getByRole("row")
      .filter({ hasText: "Songs lost in the outage" })
  await expect(pendingOf(page)).toContainText("Requested by you")

  // A second admin, made so from the command line, approves it.
  const approver = newPerson("approver")
  const second = await browser.newContext()
  const admin = await second.newPage()
  await skipSplash(admin)
  await registerVerified(admin, approver)
  await grantAdmin(approver.username)
  await logout(admin)
  await login(admin, approver.username, approver.password)
  await expect(admin).toHaveURL(/\/admin$/)
  await admin.getByRole("tab", { name: "Credit Ledger" }).click()
  await pendingOf(admin)
    .getByRole("button", { name: /^Approve/ })
    .click()
  await expect(pendingOf(admin)).toHaveCount(0)

  await person.goto("/credits")
  await expect(person.getByTestId("available-credits")).toHaveText("2000")
  await person.getByRole("tab", { name: "Transactions" }).click()
  await expect(
    person.getByText("Credits adjusted by support: Songs lost in the outage"),
  ).toBeVisible()
  await theirs.close()
  await second.close()
})
