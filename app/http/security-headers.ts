import type { IncomingMessage, ServerResponse } from "node:http"
import { playerPath } from "./embed-pages.ts"

/**
 * What pages may load. Scripts come from the app's own files, plus the inline ones named by `scripts`.
 * Covers and audio may come from any HTTPS origin (providers' files) and from the media bucket, whose
 * presigned addresses the file routes redirect to (`mediaOrigin`, which may be plain HTTP for a
 * self-hosted store).
 */
const policyWith = (
  mediaOrigin: string | undefined,
  scripts: ReadonlyArray<string>,
  framedBy = "'none'",
) => {
  const media = mediaOrigin === undefined ? "" : ` ${mediaOrigin}`
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(" "),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${media}`,
    `media-src 'self' blob: https:${media}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framedBy}`,
  ].join("; ")
}

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
export const sendSecurityHeaders = (
  secure: boolean,
  mediaOrigin?: string,
  /** The built page's own inline scripts, by hash (page-scripts.ts). */
  pageScripts: ReadonlyArray<string> = [],
) => {
  const headersWith = (policy: string, framed = false) => {
    const { "x-frame-options": _, ...unframed } = common
    return Object.entries({
      ...(framed ? unframed : common),
      "content-security-policy": policy,
      ...(secure ? hsts : {}),
    })
  }
  const app = headersWith(policyWith(mediaOrigin, pageScripts))
  // The API documentation page inlines Swagger UI's script and styles (a hash would turn 'unsafe-inline' off).
  const docs = headersWith(policyWith(mediaOrigin, ["'unsafe-inline'"]))
  // A song's or playlist's player (embed-pages.ts) is made to be framed by any site (oEmbed), and runs
  // no script: the only pages any site may frame.
  const embeds = headersWith(policyWith(mediaOrigin, [], "*"), true)
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url?.split("?")[0] ?? ""
    const headers = path === "/api/docs" ? docs : playerPath.test(path) ? embeds : app
    for (const [name, value] of headers) response.setHeader(name, value)
  }
}
