import { type serverProcesses, waitFor } from "./testing-servers.ts"

type Call = ReturnType<typeof serverProcesses>["call"]

const verificationLink = (mailbox: Record<string, unknown>, email: string) =>
  (mailbox.messages as ReadonlyArray<{ to: string; links: ReadonlyArray<string> }> | undefined)
    ?.find((message) => message.to === email)
    ?.links.find((link) => link.includes("/verify-email?token="))

/** A new account, signed in, its address verified from the development mailbox as its owner would. */
export const register = async (call: Call, username: string) => {
  const email = `${username}@example.com`
  const registered = await call("/api/register", {
    username,
    email,
    password: "secret-password",
    name: "Test Person",
    acceptTerms: true,
  })
  if (registered.status !== 201) return registered
  const mailbox = await waitFor(
    () => call("/api/dev/mailbox"),
    (answer) => verificationLink(answer.body, email) !== undefined,
    60,
  )
  const link = verificationLink(mailbox.body, email)
  if (link === undefined) throw new Error(`no verification mail to ${email}`)
  const verified = await call(`/api/verify-email${new URL(link).search}`)
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`)
  return registered
}
