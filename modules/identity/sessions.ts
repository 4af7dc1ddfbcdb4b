import { randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Duration, Effect } from "effect"
import { now } from "#toolkit/clock.ts"
import { tokenHash } from "./tokens.ts"

export interface Session {
  readonly userId: string
  readonly expires: Date
  /** The expiry moved on during this look-up: the cookie must be sent again. */
  readonly renewed: boolean
}

/**
 * Server-side sessions in identity's `session` table (sid, sess, expire). The cookie carries a random
 * 32-byte id; the table keeps only its hash, so reading the table does not let anyone sign in. Sessions
 * slide: one used in the second half of its life is extended by a whole lifetime.
 */
export const makeSessions = (ttl: Duration.Duration) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const ttlSeconds = Duration.toSeconds(ttl)

    const create = (
      userId: string,
      details: { readonly address: string; readonly userAgent: string },
    ) =>
      Effect.gen(function* () {
        const id = randomBytes(32).toString("base64url")
        const createdAt = yield* now
        const [row] = yield* sql<{ expire: Date }>`
          insert into identity.session (sid, sess, expire)
          values (
            ${tokenHash(id)},
            ${JSON.stringify({ userId, createdAt: createdAt.toISOString(), ...details })}::jsonb,
            now() + make_interval(secs => ${ttlSeconds})
          )
          returning expire`
        return { id, expires: row!.expire }
      }).pipe(Effect.orDie)

    /** Read first, written only when it is time to slide: most look-ups are a single indexed read. */
    const find = (id: string) =>
      Effect.gen(function* () {
        if (id.length === 0) return undefined
        const sid = tokenHash(id)
        const [row] = yield* sql<{ user_id: string; expire: Date; due: boolean }>`
          select sess ->> 'userId' as user_id, expire,
                 expire < now() + make_interval(secs => ${ttlSeconds / 2}) as due
            from identity.session where sid = ${sid} and expire > now()`
        if (row === undefined) return undefined
        if (!row.due)
          return { userId: row.user_id, expires: row.expire, renewed: false } satisfies Session
        const [renewed] = yield* sql<{ expire: Date }>`
          update identity.session set expire = now() + make_interval(secs => ${ttlSeconds})
           where sid = ${sid} and expire > now() returning expire`
        return renewed
          ? ({ userId: row.user_id, expires: renewed.expire, renewed: true } satisfies Session)
          : undefined
      }).pipe(Effect.orDie)

    /** The user holding this session, read without sliding it; undefined once it ended. */
    const holderOf = (id: string) =>
      Effect.gen(function* () {
        if (id.length === 0) return undefined
        const [row] = yield* sql<{ user_id: string }>`
          select sess ->> 'userId' as user_id
            from identity.session where sid = ${tokenHash(id)} and expire > now()`
        return row?.user_id
      }).pipe(Effect.orDie)

    const destroy = (id: string) =>
      sql`delete from identity.session where sid = ${tokenHash(id)}`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

    /** Which of these sessions are signed in and not expired, whichever process ended the others. */
    const stillOpen = (ids: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const byHash = new Map(ids.filter((id) => id.length > 0).map((id) => [tokenHash(id), id]))
        if (byHash.size === 0) return new Set<string>()
        const rows = yield* sql<{ sid: string }>`
          select sid from identity.session where sid in ${sql.in([...byHash.keys()])} and expire > now()`
        return new Set(rows.map((row) => byHash.get(row.sid)!))
      }).pipe(Effect.orDie)

    /** Signs a user out everywhere (after a password reset). */
    const destroyAllOf = (userId: string) =>
      sql`delete from identity.session where sess ->> 'userId' = ${userId}`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

    const purgeExpired = sql`delete from identity.session where expire < now()`.pipe(
      Effect.orDie,
      Effect.asVoid,
    )

    return { create, find, holderOf, stillOpen, destroy, destroyAllOf, purgeExpired, ttl }
  })

export type Sessions = Effect.Effect.Success<ReturnType<typeof makeSessions>>
