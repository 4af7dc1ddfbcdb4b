import { Cookies, type HttpServerRequest, type HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { sessionCookieName } from "#events/contracts/auth.ts"

export interface AnonymousAnswersOptions {
  /** The paths whose answers do not depend on who asks when nobody is signed in. */
  readonly paths: ReadonlySet<string>
  /** Changes whenever any of those answers could change; answers are kept under the version they were made. */
  readonly version: Effect.Effect<string>
  readonly capacity: number
}

/**
 * Whole answers for people who are not signed in, kept at the edge: the public timeline is read by everyone
 * alike, and going through the API's router, middlewares and handler again for the same bytes costs more
 * than the page itself (bench:timeline). A request with a session cookie always goes through, as does
 * anything that is not a GET of one of `paths`; only a plain 200 without cookies is kept.
 *
 * The version is read before the app answers, so an answer is never kept under a newer version than the
 * one it was read at; all are dropped when the version moves on, the oldest when the capacity is reached.
 */
export const makeAnonymousAnswers = (options: AnonymousAnswersOptions) => {
  let keptFor: string | undefined
  const kept = new Map<string, HttpServerResponse.HttpServerResponse>()
  const sessionPrefix = `${sessionCookieName}=`

  const applies = (request: HttpServerRequest.HttpServerRequest, pathname: string) =>
    request.method === "GET" &&
    options.paths.has(pathname) &&
    !(request.headers.cookie ?? "").includes(sessionPrefix)

  const keepable = (response: HttpServerResponse.HttpServerResponse) =>
    response.status === 200 &&
    response.body._tag === "Uint8Array" &&
    Cookies.isEmpty(response.cookies) &&
    response.headers["set-cookie"] === undefined

  /** The kept answer to this request, or the app's (kept when it may be). */
  const through =
    (request: HttpServerRequest.HttpServerRequest, pathname: string) =>
    <E, R>(
      answer: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
    ): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> =>
      applies(request, pathname)
        ? Effect.gen(function* () {
            const version = yield* options.version
            if (version !== keptFor) {
              kept.clear()
              keptFor = version
            }
            const known = kept.get(request.url)
            if (known) return known
            const response = yield* answer
            if (keptFor === version && keepable(response)) {
              // The oldest answer makes room (a Map keeps the order answers were put in).
              if (kept.size >= options.capacity) kept.delete(kept.keys().next().value!)
              kept.set(request.url, response)
            }
            return response
          })
        : answer

  return { through }
}

export type AnonymousAnswers = ReturnType<typeof makeAnonymousAnswers>
