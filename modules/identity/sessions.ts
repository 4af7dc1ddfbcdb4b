import { randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Duration, Effect } from "effect"
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
        const [row] = yield* sql<{ expire: Date }>`
          insert into identity.session (sid, sess, expire)
          values (
            ${tokenHash(id)},
            ${JSON.stringify({ userId, createdAt: new Date().toISOString(), ...details })}::jsonb,
            now() + make_interval(secs => ${ttlSeconds})
          )
          returning expire`
        return { id, expires: row!.expire }
      }).pipe(Effect.orDie)

    const find = (id: string) =>
      Effect.gen(function* () {
        if (id.length === 0) return undefined
        const [row] = yield* sql<{ user_id: string; expire: Date; renewed: boolean }>`
          with found as (
            select sid, sess ->> 'userId' as user_id, expire from identity.session
            where sid = ${tokenHash(id)} and expire > now()
          ), renewed as (
            update identity.session s set expire = now() + make_interval(secs => ${ttlSeconds})
            from found
            where s.sid = found.sid and found.expire < now() + make_interval(secs => ${ttlSeconds / 2})
            returning s.expire
          )
          select found.user_id, coalesce((select expire from renewed), found.expire) as expire,
                 exists (select from renewed) as renewed
          from found`
        return row
          ? ({ userId: row.user_id, expires: row.expire, renewed: row.renewed } satisfies Session)
          : undefined
      }).pipe(Effect.orDie)

    const destroy = (id: string) =>
      sql`delete from identity.session where sid = ${tokenHash(id)}`.pipe(
        Effect.orDie,
        Effect.asVoid,
      )

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

    return { create, find, destroy, destroyAllOf, purgeExpired, ttl }
  })

export type Sessions = Effect.Effect.Success<ReturnType<typeof makeSessions>>
