import { SqlClient } from "@effect/sql"
import { Context, Data, Effect, Layer, Option, Redacted, Schema } from "effect"
import nodemailer from "nodemailer"
import { v7 as uuidv7 } from "uuid"
import { IdentityConfig } from "./config.ts"

export const OutgoingMail = Schema.Struct({
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  html: Schema.String,
  /** Headers of its own, beside those every mail has (List-Unsubscribe). */
  headers: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.String })),
})
export type OutgoingMail = typeof OutgoingMail.Type

export class MailNotSent extends Data.TaggedError("MailNotSent")<{ readonly reason: string }> {
  override get message() {
    return `Mail not sent: ${this.reason}`
  }
}

/**
 * Where mail goes: an SMTP server when SMTP_URL is set, otherwise the outbox table, read at the development
 * mailbox page. Only the delivery job calls it, so a failing mail server never fails the request that
 * caused the mail.
 */
export class Mailer extends Context.Tag("@melody/identity/Mailer")<
  Mailer,
  {
    readonly send: (mail: OutgoingMail) => Effect.Effect<void, MailNotSent>
    /** True when mail stays in the outbox (offline mode); the mailbox page shows it. */
    readonly usesOutbox: boolean
  }
>() {
  static readonly live = Layer.scoped(
    Mailer,
    Effect.gen(function* () {
      const config = yield* IdentityConfig
      const sql = yield* SqlClient.SqlClient
      return yield* Option.match(config.smtpUrl, {
        onSome: (url) =>
          Effect.gen(function* () {
            const transport = yield* Effect.acquireRelease(
              Effect.sync(() => nodemailer.createTransport(Redacted.value(url))),
              (t) => Effect.sync(() => t.close()),
            )
            return {
              usesOutbox: false,
              send: (mail: OutgoingMail) =>
                Effect.tryPromise({
                  try: () => transport.sendMail({ from: config.mailFrom, ...mail }),
                  catch: (cause) =>
                    new MailNotSent({
                      reason: cause instanceof Error ? cause.message : String(cause),
                    }),
                }).pipe(Effect.asVoid),
            }
          }),
        onNone: () =>
          Effect.succeed({
            usesOutbox: true,
            send: (mail: OutgoingMail) =>
              sql`insert into identity.mail_outbox (id, recipient, subject, text, html, headers)
                  values (${uuidv7()}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html},
                          ${JSON.stringify(mail.headers ?? {})}::jsonb)`.pipe(
                Effect.asVoid,
                Effect.mapError((error) => new MailNotSent({ reason: error.message })),
              ),
          }),
      })
    }),
  )
}

const linkPattern = /https?:\/\/[^\s<>"]+/g

/** The newest messages of the outbox, with the links found in them. */
export const readOutbox = (limit: number) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{ id: string; recipient: string; subject: string; text: string; created_at: Date }>`
      select id, recipient, subject, text, created_at from identity.mail_outbox
      order by created_at desc, id desc limit ${limit}`,
  ).pipe(
    Effect.orDie,
    Effect.map((rows) =>
      rows.map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        links: [...new Set(row.text.match(linkPattern) ?? [])],
        createdAt: row.created_at,
      })),
    ),
  )
