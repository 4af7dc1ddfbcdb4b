import { createHash, randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Effect, Ref } from "effect"
import type { Client } from "#toolkit/client.ts"
import { now } from "#toolkit/clock.ts"

/**
 * Who a play is counted for. A signed-in person is themselves. A visitor is a hash of their address and
 * browser with a salt drawn at random for each day (UTC) and forgotten the day after, as privacy-minded
 * analytics count visitors: one visitor's plays count once, with no cookie and nothing kept that leads
 * back to an address.
 */
export const makeListeners = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const known = yield* Ref.make<{ readonly day: string; readonly salt: string } | undefined>(
    undefined,
  )

  // Every replica takes the salt the first of them stored for the day.
  const saltOf = (day: string) =>
    sql<{ salt: string }>`
      with forgotten as (delete from catalog.visitor_salts where day < ${day}::date - 1),
      fresh as (
        insert into catalog.visitor_salts (day, salt) values (${day}::date, ${randomBytes(32).toString("hex")})
        on conflict (day) do nothing
        returning salt)
      select salt from fresh
      union all select salt from catalog.visitor_salts where day = ${day}::date
      limit 1`.pipe(
      Effect.orDie,
      Effect.map(([row]) => row!.salt),
    )

  const saltOfToday = Effect.gen(function* () {
    const day = (yield* now).toISOString().slice(0, 10)
    const kept = yield* Ref.get(known)
    if (kept?.day === day) return kept.salt
    const salt = yield* saltOf(day)
    yield* Ref.set(known, { day, salt })
    return salt
  })

  return (userId: string | undefined, client: Client) =>
    userId !== undefined
      ? Effect.succeed(`user:${userId}`)
      : Effect.map(saltOfToday, (salt) => {
          const hash = createHash("sha256")
            .update(`${salt}\u0000${client.address}\u0000${client.userAgent}`)
            .digest("base64url")
          return `visitor:${hash.slice(0, 22)}`
        })
})
