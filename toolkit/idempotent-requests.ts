import { SqlClient } from "@effect/sql"
import { Context, Duration, Effect, Layer, Schema } from "effect"
import type { Migrations } from "#events/store/run-migrations.ts"
import { now } from "./clock.ts"
import type { JobKind } from "./jobs.ts"

/** How long a key names its request, as Stripe keeps them. */
export const idempotencyKeyLifetime = Duration.hours(24)

/** A request's answer as it is sent again: its status, the headers that describe its body, the body. */
export interface KeptAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array
}

/** What a key holds when a request claims it. */
export type Claim =
  /** The key is this request's now: it runs, then keeps or releases its answer. */
  | { readonly _tag: "Claimed" }
  /** A request with this key was answered: this one is that one again, if the fingerprints agree. */
  | { readonly _tag: "Answered"; readonly fingerprint: string; readonly answer: KeptAnswer }
  /** A request with this key is still running. */
  | { readonly _tag: "Underway"; readonly fingerprint: string }

interface Row {
  readonly fingerprint: string
  readonly status: number | null
  readonly headers: Record<string, string> | null
  readonly body: Uint8Array | null
}

/**
 * The answers to requests sent with an Idempotency-Key, per person and key, for 24 hours: a cache of
 * answers, not facts, so a table of its own rather than events. A key is claimed in its own statement
 * before the request runs, so that of two requests with one key only one runs; its answer is kept when
 * it ends, or the claim released when the request failed before it could answer (a retry runs again).
 */
export class IdempotentRequests extends Context.Tag("@melody/IdempotentRequests")<
  IdempotentRequests,
  {
    readonly claim: (owner: string, key: string, fingerprint: string) => Effect.Effect<Claim>
    readonly keep: (owner: string, key: string, answer: KeptAnswer) => Effect.Effect<void>
    readonly release: (owner: string, key: string) => Effect.Effect<void>
  }
>() {
  static readonly live = Layer.effect(
    IdempotentRequests,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const cutoff = Effect.map(
        now,
        (at) => new Date(at.getTime() - Duration.toMillis(idempotencyKeyLifetime)),
      )

      const claimOnce = (owner: string, key: string, fingerprint: string) =>
        Effect.gen(function* (): Effect.fn.Return<Claim | undefined, unknown> {
          // The person's expired keys go first, this one among them: after 24 hours a key is new again.
          yield* sql`delete from idempotent_requests
                      where owner = ${owner} and created_at <= ${yield* cutoff}`
          const claimed = yield* sql`
            insert into idempotent_requests (owner, key, fingerprint, created_at)
            values (${owner}, ${key}, ${fingerprint}, ${yield* now})
            on conflict do nothing
            returning 1 as claimed`
          if (claimed.length > 0) return { _tag: "Claimed" }
          const [row] = yield* sql<Row>`
            select fingerprint, status, headers, body from idempotent_requests
             where owner = ${owner} and key = ${key}`
          if (row === undefined) return undefined
          if (row.status === null || row.body === null)
            return { _tag: "Underway", fingerprint: row.fingerprint }
          const answer = {
            status: row.status,
            headers: row.headers ?? {},
            body: new Uint8Array(row.body),
          }
          return { _tag: "Answered", fingerprint: row.fingerprint, answer }
        })

      const claim = (owner: string, key: string, fingerprint: string) =>
        Effect.gen(function* (): Effect.fn.Return<Claim, unknown> {
          // A claim released between the insert and the read leaves nothing to read: claim again.
          for (let attempt = 0; attempt < 3; attempt++) {
            const found = yield* claimOnce(owner, key, fingerprint)
            if (found !== undefined) return found
          }
          return { _tag: "Underway", fingerprint }
        }).pipe(Effect.orDie)

      const keep = (owner: string, key: string, answer: KeptAnswer) =>
        sql`update idempotent_requests
               set status = ${answer.status},
                   headers = ${JSON.stringify(answer.headers)}::jsonb,
                   body = ${Buffer.from(answer.body)}
             where owner = ${owner} and key = ${key} and status is null`.pipe(
          Effect.orDie,
          Effect.asVoid,
        )

      const release = (owner: string, key: string) =>
        sql`delete from idempotent_requests
             where owner = ${owner} and key = ${key} and status is null`.pipe(
          Effect.orDie,
          Effect.asVoid,
        )

      return { claim, keep, release }
    }),
  )
}

export const idempotentRequestsMigrations: Migrations = {
  "1_idempotent_requests": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      create table idempotent_requests (
        owner text not null,
        key text not null,
        fingerprint text not null,
        status integer,
        headers jsonb,
        body bytea,
        created_at timestamptz not null,
        primary key (owner, key)
      )`,
  ),
}

/** Forgets the keys of people who did not come back within their 24 hours, every hour. */
export const forgetOldIdempotencyKeys: JobKind<unknown, SqlClient.SqlClient> = {
  name: "platform:forget-idempotency-keys",
  payload: Schema.Unknown,
  maxAttempts: 3,
  cron: "23 * * * *",
  run: () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const at = yield* now
      const cutoff = new Date(at.getTime() - Duration.toMillis(idempotencyKeyLifetime))
      yield* sql`delete from idempotent_requests where created_at <= ${cutoff}`.pipe(Effect.orDie)
    }),
}
