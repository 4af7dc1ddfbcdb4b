import { Cookies, type HttpServerRequest, type HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { sessionCookieName } from "#api/auth.ts"
import { makeBudgetedMap } from "#toolkit/bounded-map.ts"

export interface ResponseCacheOptions {
  /** The paths whose answers depend only on the URL and on who reads. */
  readonly paths: ReadonlySet<string>
  /** Changes whenever any of those answers could change; answers are kept under the stamp they were made. */
  readonly stamp: Effect.Effect<string>
  /**
   * Who holds this session id, when that is known without reading anything (undefined otherwise): only
   * then is a signed-in reader's answer looked up or kept. Must stop answering the moment a session ends.
   */
  readonly holderOf: (sessionId: string) => Effect.Effect<string | undefined>
  /**
   * How many bytes of answers are kept for people who are not signed in, and as many for those who are:
   * their bodies, and a little for each answer's own objects.
   */
  readonly budget: number
}

/** What a cached response takes besides its body: the response, its headers and its key, roughly. */
const answerOverhead = 512

const sizeOf = (response: HttpServerResponse.HttpServerResponse) =>
  answerOverhead + (response.body._tag === "Uint8Array" ? response.body.body.byteLength : 0)

/**
 * Whole responses cached at the edge: the public timeline is read alike by everyone who is not signed in, and
 * again by the same reader (every page they loaded, when the list is refetched), and going through the
 * API's router, middlewares and handler for the same bytes costs more than the page itself
 * (bench:timeline). Readers without a session share one answer per URL; a signed-in reader's answers are
 * their own, and are used only while identity knows the session without reading it, so a session that
 * ends is never answered from here. Anything that is not a GET of one of `paths` goes through, and only a
 * plain 200 that sets no cookie is kept (a session that slid forward sends its cookie again).
 *
 * The stamp is read before the app answers, so an answer is never kept under a newer stamp than the
 * one it was read at; all are dropped when the stamp moves on. Each side is kept to its budget of bytes,
 * the oldest answers making room.
 */
export const makeResponseCache = (options: ResponseCacheOptions) => {
  let keptFor: string | undefined
  // By URL for readers without a session; by user and URL for signed-in readers.
  const shared = makeBudgetedMap(options.budget, sizeOf)
  const personal = makeBudgetedMap(options.budget, sizeOf)
  const sessionPrefix = `${sessionCookieName}=`

  /** The session id the request carries; a request without one is anonymous, as the API sees it. */
  const sessionOf = (request: HttpServerRequest.HttpServerRequest) => {
    if (!(request.headers.cookie ?? "").includes(sessionPrefix)) return undefined
    return request.cookies[sessionCookieName] || undefined
  }

  const keepable = (response: HttpServerResponse.HttpServerResponse) =>
    response.status === 200 &&
    response.body._tag === "Uint8Array" &&
    Cookies.isEmpty(response.cookies) &&
    response.headers["set-cookie"] === undefined

  const cachedResponse = (url: string, holder: string | undefined) =>
    holder === undefined ? shared.get(url) : personal.get(`${holder} ${url}`)

  /** The cached response to this request, or the app's (cached when it may be). */
  const through =
    (request: HttpServerRequest.HttpServerRequest, pathname: string) =>
    <E, R>(
      answer: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
    ): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> =>
      request.method === "GET" && options.paths.has(pathname)
        ? Effect.gen(function* () {
            const stamp = yield* options.stamp
            if (stamp !== keptFor) {
              shared.clear()
              personal.clear()
              keptFor = stamp
            }
            const sessionId = sessionOf(request)
            const holder = sessionId === undefined ? undefined : yield* options.holderOf(sessionId)
            const known =
              sessionId === undefined || holder !== undefined
                ? cachedResponse(request.url, holder)
                : undefined
            if (known) return known
            const response = yield* answer
            if (keptFor !== stamp || !keepable(response)) return response
            if (sessionId === undefined) {
              shared.set(request.url, response)
              return response
            }
            // Asked again: the app has just read the session if identity did not know it before.
            const answeredFor = yield* options.holderOf(sessionId)
            if (answeredFor !== undefined) personal.set(`${answeredFor} ${request.url}`, response)
            return response
          })
        : answer

  return { through }
}

export type ResponseCache = ReturnType<typeof makeResponseCache>
