import { type HttpServerRequest, HttpServerResponse } from "@effect/platform"

const loopbackNames = new Set(["localhost", "127.0.0.1", "[::1]"])
const isLoopback = (hostname: string) =>
  loopbackNames.has(hostname) || hostname.endsWith(".localhost")

/** The request's host name and port as its Host header says, if it says. */
const hostOf = (request: HttpServerRequest.HttpServerRequest) => {
  const host = request.headers.host
  if (!host) return undefined
  try {
    return new URL(`http://${host}`)
  } catch {
    return undefined
  }
}

/**
 * A page asked for under another loopback name of this server (127.0.0.1 when APP_URL says localhost,
 * or the reverse) is sent to the same page at APP_URL before anything answers it: the session cookie
 * belongs to one host name, and payment returns and mail links go to APP_URL, so a visitor who stayed
 * on the other name would be signed out there. API calls, names that are not loopback (a phone on
 * the local network, a proxy), and `passkeyOrigin`'s name (passkeys need a domain name, which APP_URL
 * may not be) are answered where they arrive.
 */
export const redirectToAppUrl = (
  request: HttpServerRequest.HttpServerRequest,
  appUrl: URL,
  passkeyOrigin?: string,
): HttpServerResponse.HttpServerResponse | undefined => {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined
  const arrived = hostOf(request)
  if (!arrived || arrived.hostname === appUrl.hostname) return undefined
  if (passkeyOrigin !== undefined && arrived.hostname === new URL(passkeyOrigin).hostname)
    return undefined
  if (!isLoopback(arrived.hostname) || !isLoopback(appUrl.hostname)) return undefined
  const { pathname, search } = new URL(request.url, "http://localhost")
  return HttpServerResponse.empty({
    status: 307,
    headers: { location: `${appUrl.origin}${pathname}${search}`, "cache-control": "no-store" },
  })
}
