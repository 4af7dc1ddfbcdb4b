import { SqlClient, type SqlError } from "@effect/sql"
import { Clock, Effect } from "effect"
import { newRecoveryCodes, newSecret, recoveryCodeHash, stepOf } from "./one-time-codes.ts"

/** What a code typed at the second step turned out to be. */
export type CodeCheck = "accepted" | "wrong" | "used"

/**
 * Identity's tables of two-step secrets and recovery codes. A code from the app works once: the step it
 * was made at is recorded with a conditional update, so of two sign-ins sending the same code one wins;
 * a recovery code is used up the same way.
 */
export const makeTwoStepCodes = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const nowSeconds = Effect.map(Clock.currentTimeMillis, (millis) => Math.floor(millis / 1000))

  const secretOf = (userId: string) =>
    sql<{ secret: string; confirmed: boolean; last_step: string | null }>`
      select secret, confirmed, last_step from identity.two_step where user_id = ${userId}`.pipe(
      Effect.orDie,
      Effect.map(([row]) => row),
    )

  /** A new secret waiting for its first code; any earlier unconfirmed one is replaced. */
  const begin = (userId: string) =>
    Effect.gen(function* () {
      const secret = newSecret()
      yield* sql`insert into identity.two_step (user_id, secret) values (${userId}, ${secret})
                 on conflict (user_id) do update set secret = excluded.secret, confirmed = false,
                   last_step = null, created_at = now()`
      return secret
    }).pipe(Effect.orDie)

  /** Confirms the waiting secret with its first code; its ten recovery codes replace any earlier ones. */
  const confirm = (userId: string, code: string) =>
    Effect.gen(function* () {
      const row = yield* secretOf(userId)
      const step =
        row === undefined ? undefined : stepOf(row.secret, code, yield* nowSeconds, undefined)
      if (step === undefined) return undefined
      const codes = newRecoveryCodes()
      yield* sql`update identity.two_step set confirmed = true, last_step = ${step} where user_id = ${userId}`
      yield* sql`delete from identity.recovery_codes where user_id = ${userId}`
      yield* sql`insert into identity.recovery_codes ${sql.insert(
        codes.map((typed) => ({ user_id: userId, code_hash: recoveryCodeHash(typed) })),
      )}`
      return codes
    }).pipe(Effect.orDie)

  const appCode = (userId: string, code: string) =>
    Effect.gen(function* (): Effect.fn.Return<CodeCheck, SqlError.SqlError> {
      const row = yield* secretOf(userId)
      if (!row?.confirmed) return "wrong"
      const now = yield* nowSeconds
      const last = row.last_step === null ? undefined : Number(row.last_step)
      const step = stepOf(row.secret, code, now, last)
      if (step === undefined)
        return stepOf(row.secret, code, now, undefined) === undefined ? "wrong" : "used"
      const taken = yield* sql`update identity.two_step set last_step = ${step}
        where user_id = ${userId} and (last_step is null or last_step < ${step}) returning user_id`
      return taken.length === 1 ? "accepted" : "used"
    }).pipe(Effect.orDie)

  const recoveryCode = (userId: string, typed: string) =>
    Effect.gen(function* (): Effect.fn.Return<CodeCheck, SqlError.SqlError> {
      const hash = recoveryCodeHash(typed)
      const taken = yield* sql`update identity.recovery_codes set used_at = now()
        where user_id = ${userId} and code_hash = ${hash} and used_at is null returning code_hash`
      if (taken.length === 1) return "accepted"
      const [known] = yield* sql`select 1 from identity.recovery_codes
        where user_id = ${userId} and code_hash = ${hash}`
      return known === undefined ? "wrong" : "used"
    }).pipe(Effect.orDie)

  /** Six digits are the app's code; anything else is tried as a recovery code. */
  const check = (userId: string, typed: string) => {
    const code = typed.replace(/\s/g, "")
    return /^\d{6}$/.test(code)
      ? Effect.map(appCode(userId, code), (result) => ({ result, recovery: false }))
      : Effect.map(recoveryCode(userId, code), (result) => ({ result, recovery: true }))
  }

  const recoveryCodesLeft = (userId: string) =>
    sql<{ left: number }>`select count(*)::int as left from identity.recovery_codes
      where user_id = ${userId} and used_at is null`.pipe(
      Effect.orDie,
      Effect.map(([row]) => row?.left ?? 0),
    )

  const remove = (userId: string) =>
    Effect.all([
      sql`delete from identity.two_step where user_id = ${userId}`,
      sql`delete from identity.recovery_codes where user_id = ${userId}`,
    ]).pipe(Effect.orDie, Effect.asVoid)

  return { secretOf, begin, confirm, check, recoveryCodesLeft, remove }
})
