import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { fromNow, now } from "#toolkit/clock.ts"
import { newToken } from "./tokens.ts"

/** A passkey as identity keeps it: enough to check its signatures and to list it. */
export interface StoredPasskey {
  readonly id: string
  readonly userId: string
  readonly label: string
  readonly publicKey: Uint8Array<ArrayBuffer>
  readonly counter: number
  readonly transports: ReadonlyArray<string>
  readonly createdAt: Date
  readonly lastUsedAt: Date | null
}

/** What the browser is asked to sign: made for one ceremony, used by one answer. */
export type CeremonyKind = "register" | "sign-in"

interface PasskeyRow {
  readonly id: string
  readonly user_id: string
  readonly label: string
  readonly public_key: Uint8Array
  readonly counter: string
  /** Comma-separated: how the browser may reach it (internal, usb, hybrid...). */
  readonly transports: string
  readonly created_at: Date
  readonly last_used_at: Date | null
}

const toPasskey = (row: PasskeyRow): StoredPasskey => ({
  id: row.id,
  userId: row.user_id,
  label: row.label,
  publicKey: new Uint8Array(row.public_key),
  counter: Number(row.counter),
  transports: row.transports === "" ? [] : row.transports.split(","),
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
})

/** How long a browser has to answer a ceremony: the five minutes WebAuthn's own timeout allows. */
const ceremonyTtl = "5 minutes"

/**
 * Identity's tables of passkeys and of the challenges given to browsers. A challenge is taken by one
 * answer (deleted as it is read), so an answer sent twice, or by two tabs, is checked at most once.
 */
export const makePasskeyStore = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const ofUser = (userId: string) =>
    sql<PasskeyRow>`select * from identity.passkeys where user_id = ${userId}
                    order by created_at`.pipe(
      Effect.orDie,
      Effect.map((rows) => rows.map(toPasskey)),
    )

  const byId = (id: string) =>
    sql<PasskeyRow>`select * from identity.passkeys where id = ${id}`.pipe(
      Effect.orDie,
      Effect.map(([row]) => (row === undefined ? undefined : toPasskey(row))),
    )

  /** Keeps a new passkey; as kept, with when it was added. */
  const add = (passkey: Omit<StoredPasskey, "createdAt" | "lastUsedAt">) =>
    sql<PasskeyRow>`insert into identity.passkeys (id, user_id, label, public_key, counter, transports)
        values (${passkey.id}, ${passkey.userId}, ${passkey.label}, ${passkey.publicKey},
                ${passkey.counter}, ${passkey.transports.join(",")})
        returning *`.pipe(
      Effect.orDie,
      Effect.flatMap(([row]) =>
        row === undefined
          ? Effect.die("an insert that returned nothing")
          : Effect.succeed(toPasskey(row)),
      ),
    )

  /**
   * Records a use with the authenticator's new counter; false when another use got there first with the
   * same or a later counter (a replayed or cloned answer). Authenticators that keep no counter send 0.
   */
  const used = (id: string, counter: number) =>
    sql`update identity.passkeys set counter = ${counter}, last_used_at = now()
        where id = ${id} and (counter < ${counter} or (counter = 0 and ${counter} = 0))
        returning id`.pipe(
      Effect.orDie,
      Effect.map((rows) => rows.length === 1),
    )

  const remove = (userId: string, id: string) =>
    sql`delete from identity.passkeys where user_id = ${userId} and id = ${id}`.pipe(
      Effect.orDie,
      Effect.asVoid,
    )

  const begin = (kind: CeremonyKind, challenge: string, userId: string | null) =>
    Effect.gen(function* () {
      const id = newToken()
      const expiresAt = yield* fromNow(ceremonyTtl)
      yield* sql`delete from identity.passkey_ceremonies where expires_at < ${yield* now}`
      yield* sql`insert into identity.passkey_ceremonies (id, user_id, kind, challenge, expires_at)
                 values (${id}, ${userId}, ${kind}, ${challenge}, ${expiresAt})`
      return id
    }).pipe(Effect.orDie)

  /** The ceremony's challenge, taken: undefined when it is unknown, expired, used or of another kind. */
  const take = (kind: CeremonyKind, id: string) =>
    Effect.gen(function* () {
      const [row] = yield* sql<{ challenge: string; user_id: string | null }>`
        delete from identity.passkey_ceremonies
        where id = ${id} and kind = ${kind} and expires_at > ${yield* now}
        returning challenge, user_id`
      return row === undefined ? undefined : { challenge: row.challenge, userId: row.user_id }
    }).pipe(Effect.orDie)

  return { ofUser, byId, add, used, remove, begin, take }
})
