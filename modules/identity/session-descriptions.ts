import { createHash } from "node:crypto"
import { isIP } from "node:net"

/** A row of identity's session table, as the sessions list reads it. */
export interface SessionRow {
  readonly sid: string
  readonly sess: {
    readonly createdAt?: string
    readonly address?: string
    readonly userAgent?: string
  }
  readonly seen_at: Date
}

/**
 * How the sessions list names a session: a hash of the stored hash, so that neither the list nor a request
 * to end one carries anything that could sign anyone in.
 */
export const sessionKey = (sid: string) =>
  createHash("sha256").update(`session-key:${sid}`).digest("base64url").slice(0, 22)

const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrom(e|ium)\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
]

const systems: ReadonlyArray<readonly [RegExp, string]> = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
]

const firstMatch = (table: ReadonlyArray<readonly [RegExp, string]>, text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1]

/** "Firefox on Windows", from a browser's User-Agent; what is not recognised is said plainly. */
export const deviceOf = (userAgent: string) => {
  const browser = firstMatch(browsers, userAgent)
  const system = firstMatch(systems, userAgent)
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? (userAgent.trim() === "" ? "Unknown device" : "Other device")
}

const privateRanges = [/^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^f[cd]/i, /^fe80:/i]

/**
 * Where a session signed in from, as far as the address alone says without a location database: this
 * machine, a local network, or the public address itself (the person's own, shown only to them).
 */
export const placeOf = (address: string) => {
  const bare = address.replace(/^::ffff:/, "")
  if (isIP(bare) === 0) return "Unknown place"
  if (bare === "::1" || bare.startsWith("127.")) return "This computer"
  if (privateRanges.some((range) => range.test(bare))) return "Local network"
  return bare
}

/** A session as its owner's list shows it. */
export const describeSession = (row: SessionRow, currentSid: string | undefined) => ({
  key: sessionKey(row.sid),
  device: deviceOf(row.sess.userAgent ?? ""),
  place: placeOf(row.sess.address ?? ""),
  signedInAt: row.sess.createdAt ? new Date(row.sess.createdAt) : row.seen_at,
  lastSeenAt: row.seen_at,
  current: row.sid === currentSid,
})
