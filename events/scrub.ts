/** Names that mark a value as secret, in object keys and URL query parameters alike. */
const secretName =
  /pass(word)?|token|secret|cookie|authori[sz]ation|api[-_]?key|session|signature|^sig$|^code$|^key$/i

const mask = "[redacted]"

/** The URL with the values of secret-looking query parameters masked. */
export const scrubUrl = (url: string): string => {
  const queryAt = url.indexOf("?")
  if (queryAt < 0) return url
  const params = new URLSearchParams(url.slice(queryAt + 1))
  for (const key of [...params.keys()]) if (secretName.test(key)) params.set(key, mask)
  return `${url.slice(0, queryAt)}?${params.toString()}`
}

const bearer = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g
const keyLike = /\b(sk|pk|rk|whsec)_(live|test)_[A-Za-z0-9]+|\bsk-[A-Za-z0-9_-]{16,}/g

/** Text with credentials that look like credentials masked. */
export const scrubText = (text: string): string =>
  text.replace(bearer, `$1 ${mask}`).replace(keyLike, mask)

/**
 * A copy of `value` safe to store or log: secret-named keys masked, URLs and free text scrubbed, depth and
 * size bounded.
 */
export const scrub = (value: unknown, depth = 0): unknown => {
  if (typeof value === "string")
    return scrubText(value.includes("?") && value.includes("=") ? scrubUrl(value) : value)
  if (value === null || typeof value !== "object") return value
  if (depth >= 6) return "[too deep]"
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrub(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value).slice(0, 100)) {
    out[key] = secretName.test(key) ? mask : scrub(item, depth + 1)
  }
  return out
}
