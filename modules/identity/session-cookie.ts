import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import { sessionCookieName, sessionSecurity } from "#api/auth.ts"
import { AppUrl } from "#toolkit/app-url.ts"

/** The session cookie: HttpOnly, SameSite=Lax, for the whole site, Secure when the app is served over TLS. */
export const makeSessionCookie = Effect.gen(function* () {
  const secure = (yield* AppUrl).startsWith("https://")

  const set = (sessionId: string, expires: Date) =>
    HttpApiBuilder.securitySetCookie(sessionSecurity, sessionId, {
      httpOnly: true,
      secure,
      sameSite: "lax",
      path: "/",
      expires,
    })

  const clear = HttpApiBuilder.securitySetCookie(sessionSecurity, "", {
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/",
    expires: new Date(0),
  })

  return { set, clear }
})

/** The session id the request carries, if any. */
export const requestSession = Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
  const value = request.cookies[sessionCookieName]
  return value === undefined || value === "" ? undefined : value
})
