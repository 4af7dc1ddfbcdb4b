import { HttpServerResponse } from "@effect/platform"

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

// Built once: every response takes one of these four sets.
const headerSets = new Map(
  [false, true].flatMap((secure) =>
    [false, true].map((docs) => [
      `${secure}/${docs}`,
      {
        ...common,
        "content-security-policy": docs ? docsPolicy : appPolicy,
        ...(secure ? hsts : {}),
      },
    ]),
  ),
)

/** Headers every response carries (with `more` of the caller's, set in the same copy); HSTS only over TLS. */
export const withSecurityHeaders = (
  response: HttpServerResponse.HttpServerResponse,
  path: string,
  secure: boolean,
  more: Record<string, string> = {},
): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.setHeaders(response, {
    ...more,
    ...headerSets.get(`${secure}/${path === "/api/docs"}`),
  })
