import type { IncomingMessage, ServerResponse } from "node:http"

const appPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ")

// The API documentation page inlines Swagger UI's script and styles.
const docsPolicy = appPolicy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")

const common = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
}

const hsts = { "strict-transport-security": "max-age=31536000; includeSubDomains" }

/**
 * Puts the headers every response carries on each one as Node receives the request, before the app sees
 * it: answers made outside the edge (a body too large, a client gone) carry them too, and the app's own
 * headers still win where they name the same one. HSTS only over TLS.
 */
export const sendSecurityHeaders = (secure: boolean) => {
  const app = Object.entries({
    ...common,
    "content-security-policy": appPolicy,
    ...(secure ? hsts : {}),
  })
  const docs = app.map(([name, value]): [string, string] =>
    name === "content-security-policy" ? [name, docsPolicy] : [name, value],
  )
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url?.split("?")[0]
    for (const [name, value] of path === "/api/docs" ? docs : app) response.setHeader(name, value)
  }
}
