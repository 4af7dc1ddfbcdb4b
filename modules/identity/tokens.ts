import { createHash, randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** What a token lets its bearer do. */
export type TokenPurpose =
  | "verify-email"
  | "reset-password"
  | "change-email"
  | "undo-email-change"
  | "two-step"

/** 32 random bytes, as URL-safe text: what the link carries. Only its hash is stored. */
export const newToken = () => randomBytes(32).toString("base64url")

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex")

/**
 * Single-use, expiring tokens in identity's own table. Issuing one supersedes the user's earlier tokens of
 * the same purpose; using one is a single conditional update, so two uses race and exactly one wins.
 */
export const makeTokens = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const issue = (userId: string, purpose: TokenPurpose, token: string, expiresAt: Date) =>
    Effect.all([
      sql`update identity.tokens set used_at = now()
          where user_id = ${userId} and purpose = ${purpose} and used_at is null`,
      sql`insert into identity.tokens (token_hash, user_id, purpose, expires_at)
          values (${tokenHash(token)}, ${userId}, ${purpose}, ${expiresAt})`,
    ]).pipe(Effect.orDie, Effect.asVoid)

  /** The user the token belongs to, if it is unused and unexpired; it is used up from now on. */
  const use = (token: string, purpose: TokenPurpose) =>
    sql<{ user_id: string }>`
      update identity.tokens set used_at = now()
      where token_hash = ${tokenHash(token)} and purpose = ${purpose} and used_at is null and expires_at > now()
      returning user_id`.pipe(
      Effect.orDie,
      Effect.map(([row]) => row?.user_id),
    )

  /** The user the token belongs to, if it is unused and unexpired; it stays usable. */
  const holderOf = (token: string, purpose: TokenPurpose) =>
    sql<{ user_id: string }>`
      select user_id from identity.tokens
      where token_hash = ${tokenHash(token)} and purpose = ${purpose} and used_at is null and expires_at > now()`.pipe(
      Effect.orDie,
      Effect.map(([row]) => row?.user_id),
    )

  const isUsable = (token: string, purpose: TokenPurpose) =>
    sql<{ usable: boolean }>`
      select exists (
        select 1 from identity.tokens
        where token_hash = ${tokenHash(token)} and purpose = ${purpose} and used_at is null and expires_at > now()
      ) as usable`.pipe(
      Effect.orDie,
      Effect.map(([row]) => row?.usable === true),
    )

  /** Every unused token of the user's for this purpose stops working. */
  const revoke = (userId: string, purpose: TokenPurpose) =>
    sql`update identity.tokens set used_at = now()
        where user_id = ${userId} and purpose = ${purpose} and used_at is null`.pipe(
      Effect.orDie,
      Effect.asVoid,
    )

  return { issue, use, holderOf, isUsable, revoke }
})
