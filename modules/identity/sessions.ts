import { randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Duration, Effect } from "effect"
import { now } from "#toolkit/clock.ts"
import { describeSession, type SessionRow, sessionKey } from "./session-descriptions.ts"
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
    const seenEverySeconds = 300

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

    /**
     * Read first, written only when it is time to slide or to note the session was seen (every few
     * minutes, for the sessions list): most look-ups are a single indexed read.
     */
    const find = (id: string) =>
      Effect.gen(function* () {
        if (id.length === 0) return undefined
        const sid = tokenHash(id)
        const [row] = yield* sql<{ user_id: string; expire: Date; due: boolean; unseen: boolean }>`
          select sess ->> 'userId' as user_id, expire,
                 expire < now() + make_interval(secs => ${ttlSeconds / 2}) as due,
                 seen_at < now() - make_interval(secs => ${seenEverySeconds}) as unseen
            from identity.session where sid = ${sid} and expire > now()`
        if (row === undefined) return undefined
        if (!row.due && !row.unseen)
          return { userId: row.user_id, expires: row.expire, renewed: false } satisfies Session
        const [written] = yield* sql<{ expire: Date }>`
          update identity.session
             set seen_at = now(),
                 expire = case when ${row.due} then now() + make_interval(secs => ${ttlSeconds})
                               else expire end
           where sid = ${sid} and expire > now() returning expire`
        return written
          ? ({ userId: row.user_id, expires: written.expire, renewed: row.due } satisfies Session)
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

    /** Signs a user out everywhere (after a password reset), or everywhere but `keep`. */
    const destroyAllOf = (userId: string, keep?: string) =>
      sql`delete from identity.session where sess ->> 'userId' = ${userId}
            and sid <> ${keep === undefined ? "" : tokenHash(keep)} returning sid`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows.length),
      )

    /** A user's open sessions, the one most recently seen first, `current` among them. */
    const listOf = (userId: string, current: string | undefined) =>
      Effect.map(
        sql<SessionRow>`
          select sid, sess, seen_at from identity.session
           where sess ->> 'userId' = ${userId} and expire > now()
           order by seen_at desc`,
        (rows) => rows.map((row) => describeSession(row, current && tokenHash(current))),
      ).pipe(Effect.orDie)

    /** Ends the user's session known by `key` (listOf's), if it is theirs and open; whether it was. */
    const destroyKeyed = (userId: string, key: string) =>
      Effect.gen(function* () {
        const rows = yield* sql<{ sid: string }>`
          select sid from identity.session where sess ->> 'userId' = ${userId} and expire > now()`
        const sid = rows.find((row) => sessionKey(row.sid) === key)?.sid
        if (sid === undefined) return false
        yield* sql`delete from identity.session where sid = ${sid}`
        return true
      }).pipe(Effect.orDie)

    const purgeExpired = sql`delete from identity.session where expire < now()`.pipe(
      Effect.orDie,
      Effect.asVoid,
    )

    return {
      create,
      find,
      holderOf,
      stillOpen,
      destroy,
      destroyAllOf,
      listOf,
      destroyKeyed,
      purgeExpired,
      ttl,
    }
  })

export type Sessions = Effect.Effect.Success<ReturnType<typeof makeSessions>>
