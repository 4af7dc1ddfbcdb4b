import { createHash } from "node:crypto"

/**
 * What makes two requests the same request, as an Idempotency-Key compares them: the method, the path with
 * its query, and a hash of the body's exact bytes. Headers are left out: a retry may differ in its cookie
 * (a session that slid forward) or its request id and still be the same request.
 */
export const requestFingerprint = (method: string, url: string, body: Uint8Array) => {
  const bodyHash = createHash("sha256").update(body).digest("hex")
  return createHash("sha256").update(`${method.toUpperCase()} ${url}\n${bodyHash}`).digest("hex")
}
