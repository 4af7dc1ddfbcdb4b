import { createHash, randomBytes } from "node:crypto"
import { generateSecret, generateURI, verifySync } from "otplib"

/** RFC 6238 as authenticator apps use it: SHA-1, six digits, thirty seconds. */
const period = 30
/** A code from the step before or after counts too: a phone's clock a little off, a slow typist. */
const tolerance = period

export const newSecret = () => generateSecret()

/** What an authenticator app scans or opens: the account is named by its username. */
export const secretUri = (secret: string, username: string) =>
  generateURI({ issuer: "Melody Studio", label: username, secret, period })

/**
 * The time step at which `code` is the secret's at `epochSeconds`, and after `afterStep` (a step already
 * used cannot sign in again); undefined when it is not.
 */
export const stepOf = (
  secret: string,
  code: string,
  epochSeconds: number,
  afterStep: number | undefined,
) => {
  if (!/^\d{6}$/.test(code)) return undefined
  const result = verifySync({
    secret,
    token: code,
    epoch: epochSeconds,
    period,
    epochTolerance: tolerance,
    ...(afterStep === undefined ? {} : { afterTimeStep: afterStep }),
  })
  return result.valid && "timeStep" in result ? result.timeStep : undefined
}

const alphabet = "abcdefghjkmnpqrstuvwxyz23456789"

/** Ten recovery codes, "xxxxx-xxxxx" from letters and digits no one mistakes for another. */
export const newRecoveryCodes = () =>
  Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10)
    const letters = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join("")
    return `${letters.slice(0, 5)}-${letters.slice(5)}`
  })

/** A recovery code as typed, whatever its case, spaces or dash, hashed as it is stored. */
export const recoveryCodeHash = (typed: string) =>
  createHash("sha256")
    .update(`recovery-code:${typed.toLowerCase().replace(/[^a-z0-9]/g, "")}`)
    .digest("hex")
