import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { EventStore } from "#events/store/index.ts"
import type { AppUrl } from "#toolkit/app-url.ts"
import type { JobKind, JobQueue } from "#toolkit/jobs.ts"
import type { IdentityConfig } from "./config.ts"
import { Mailer, OutgoingMail } from "./mailer.ts"
import type { Users } from "./users.ts"

/** Sends one mail; retried with backoff for about a day before it counts as failed. */
export const deliverMail: JobKind<OutgoingMail, Mailer> = {
  name: "identity:deliver-mail",
  payload: OutgoingMail,
  maxAttempts: 12,
  run: (mail) => Effect.flatMap(Mailer, (mailer) => mailer.send(mail)),
}

/** What identity's jobs need from the app. */
export type IdentityJobContext =
  | Users
  | EventStore
  | IdentityConfig
  | AppUrl
  | JobQueue
  | SqlClient.SqlClient
  | Mailer
