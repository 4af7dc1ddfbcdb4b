import { Context, Effect, Layer, Schema } from "effect"
import type { JobKind } from "#toolkit/jobs.ts"
import { IdentityConfig } from "./config.ts"
import { makeSessions, type Sessions } from "./sessions.ts"

export class IdentitySessions extends Context.Tag("@melody/identity/IdentitySessions")<
  IdentitySessions,
  Sessions
>() {
  static readonly live = Layer.effect(
    IdentitySessions,
    Effect.flatMap(IdentityConfig, (config) => makeSessions(config.sessionTtl)),
  )
}

/** Forgets sessions that expired, every hour. */
export const purgeExpiredSessions: JobKind<unknown, IdentitySessions> = {
  name: "identity:purge-expired-sessions",
  payload: Schema.Unknown,
  maxAttempts: 3,
  cron: "17 * * * *",
  run: () => Effect.flatMap(IdentitySessions, (sessions) => sessions.purgeExpired),
}
