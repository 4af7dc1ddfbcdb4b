import { hash, verify } from "@node-rs/argon2"
import { Effect } from "effect"

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1): about 14 ms a hash here. */
export const hashPassword = (password: string) => Effect.promise(() => hash(password))

export const passwordMatches = (passwordHash: string, password: string) =>
  Effect.promise(() => verify(passwordHash, password).catch(() => false))

/**
 * A hash of nothing anyone knows, checked when an account does not exist, so that a wrong username takes
 * as long to refuse as a wrong password and the timing does not tell which accounts exist.
 */
export const makeStaleHash = Effect.suspend(() => hashPassword(crypto.randomUUID()))
