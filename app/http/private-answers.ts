import { Cookies, type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { sessionCookieName } from "#api/auth.ts"

const sessionPrefix = `${sessionCookieName}=`

/**
 * An API answer that names no caching of its own is `private, no-store`: a cache between (a CDN, a
 * company proxy) never keeps it for the next person, and the browser neither keeps it on disk nor shows
 * it again from its history after a sign-out on a shared computer. The exception is a read anyone gets
 * alike: a GET of one of `publicReads` (the timeline's pages) by someone without a session, which sets
 * no cookie; it keeps its caching (none named). Answers that name their own keep it: songs' files
 * (`private, max-age=3600`, toolkit/file-response.ts), event streams (`no-cache`), the library's zip.
 */
export const privateUnlessShared =
  (publicReads: ReadonlySet<string>) =>
  (
    request: HttpServerRequest.HttpServerRequest,
    pathname: string,
    response: HttpServerResponse.HttpServerResponse,
  ): HttpServerResponse.HttpServerResponse => {
    if (response.headers["cache-control"] !== undefined) return response
    const shared =
      request.method === "GET" &&
      publicReads.has(pathname) &&
      !(request.headers.cookie ?? "").includes(sessionPrefix) &&
      Cookies.isEmpty(response.cookies) &&
      response.headers["set-cookie"] === undefined
    return shared
      ? response
      : HttpServerResponse.setHeader(response, "cache-control", "private, no-store")
  }
