import type { HttpServerRequest } from "@effect/platform"

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"])

const originOf = (url: string | undefined): string | undefined => {
  if (url === undefined) return undefined
  try {
    return new URL(url).origin
  } catch {
    return "null"
  }
}

/**
 * Whether a state-changing request may proceed: when the browser says where it came from (Origin, else
 * Referer), that must be this app, as configured or as addressed. Browsers always send Origin with
 * cross-site requests that change state; requests that name no origin come from programs, not from pages
 * that carry a user's cookies, and are let through (webhooks, for one).
 */
export const cameFromThisApp = (
  request: HttpServerRequest.HttpServerRequest,
  appOrigin: string,
  scheme: string,
): boolean => {
  if (safeMethods.has(request.method)) return true
  const origin = request.headers.origin ?? originOf(request.headers.referer)
  if (origin === undefined) return true
  const addressed = request.headers.host ? `${scheme}://${request.headers.host}` : undefined
  return origin === appOrigin || origin === addressed
}
