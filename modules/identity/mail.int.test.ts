import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { type ParsedMail, simpleParser } from "mailparser"
import { SMTPServer } from "smtp-server"
import { browser, describeApp, postJson, request, runJobs } from "#app/testing.ts"
import { freePort } from "#events/test-postgres.ts"
import { query } from "#events/testing.ts"
import { PersonMail } from "#toolkit/person-mail.ts"

/** A real SMTP server, as the mail provider would be: it accepts what nodemailer sends and keeps it. */
const received: Array<ParsedMail> = []
const smtpPort = await freePort()
const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail)
        callback()
      })
      .catch(callback)
  },
})
await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve))

const mailTo = (address: string) =>
  received.filter((m) => m.to && JSON.stringify(m.to).includes(address)).at(-1)
const linkIn = (mail: ParsedMail | undefined) =>
  (mail?.text ?? "").match(/https?:\/\/\S+/)?.[0] ?? ""
const tokenIn = (link: string) => new URL(link).searchParams.get("token") ?? ""

describeApp({
  env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: "Melody Studio <hello@melody.test>" },
})("mail over SMTP", (it) => {
  it.effect("the verification mail reaches the SMTP server and its link verifies the account", () =>
    Effect.gen(function* () {
      const user = browser()
      yield* user.post("/api/register", {
        username: "smtp_user",
        email: "smtp.user@example.com",
        password: "secret-password",
        name: "Grace Hopper",
        acceptTerms: true,
      })
      yield* runJobs
      const mail = mailTo("smtp.user@example.com")
      expect(mail?.subject).toBe("Verify your email for Melody Studio")
      expect(mail?.from?.text).toBe('"Melody Studio" <hello@melody.test>')
      expect(mail?.html).toContain("Verify my email")
      const link = linkIn(mail)
      expect(link).toMatch(/\/verify-email\?token=/)
      expect((yield* request(`/api/verify-email?token=${tokenIn(link)}`)).status).toBe(200)
      expect((yield* user.get("/api/user")).body).toMatchObject({ emailVerified: true })
      expect((yield* request("/api/dev/mailbox")).status).toBe(404)
    }),
  )

  it.effect("the reset mail reaches the SMTP server and its link sets a new password", () =>
    Effect.gen(function* () {
      yield* postJson("/api/forgot-password", { email: "smtp.user@example.com" })
      yield* runJobs
      const mail = mailTo("smtp.user@example.com")
      expect(mail?.subject).toBe("Reset your Melody Studio password")
      const token = tokenIn(linkIn(mail))
      expect(
        (yield* postJson("/api/reset-password", { token, password: "new-secret-1" })).status,
      ).toBe(200)
      const login = yield* browser().post("/api/login", {
        username: "smtp_user",
        password: "new-secret-1",
      })
      expect(login.status).toBe(200)
    }),
  )

  it.effect(
    "a mail's own headers reach the SMTP server (a notification's one-click unsubscribe)",
    () =>
      Effect.gen(function* () {
        const answer = yield* browser().post("/api/register", {
          username: "smtp_listener",
          email: "smtp.listener@example.com",
          password: "secret-password",
          name: "Ada Lovelace",
          acceptTerms: true,
        })
        const userId = (answer.body as { user: { id: string } }).user.id
        const mail = yield* PersonMail
        const unsubscribe = "<https://melody.test/api/unsubscribe?token=abc>"
        yield* mail.send(
          userId,
          {
            subject: "Someone replied to your comment",
            text: "A reply",
            html: "<p>A reply</p>",
            headers: {
              "List-Unsubscribe": unsubscribe,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
          },
          "smtp-headers",
        )
        yield* runJobs
        const delivered = received.find((m) => m.subject === "Someone replied to your comment")
        const lines = Object.fromEntries(
          (delivered?.headerLines ?? []).map((header) => [header.key, header.line]),
        )
        expect(lines["list-unsubscribe-post"]).toBe(
          "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
        )
        expect(lines["list-unsubscribe"]).toBe(`List-Unsubscribe: ${unsubscribe}`)
      }),
  )
})

const closedPort = await freePort()

describeApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } })(
  "a mail server that is down",
  (it) => {
    it.effect("never fails a registration: the mail waits in the job queue to be retried", () =>
      Effect.gen(function* () {
        const answer = yield* postJson("/api/register", {
          username: "patient_user",
          email: "patient@example.com",
          password: "secret-password",
          name: "Patient User",
          acceptTerms: true,
        })
        expect(answer.status).toBe(201)
        yield* runJobs
        const [job] = yield* query<{ attempts: number; last_error: string | null }>(
          "select attempts, last_error from graphile_worker.jobs where task_identifier = 'identity:deliver-mail'",
        )
        expect(job?.attempts).toBe(1)
        expect(job?.last_error).toMatch(/ECONNREFUSED|connect/)
      }),
    )
  },
)
