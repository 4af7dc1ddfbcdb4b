import { Cookies, type HttpServerRequest, type HttpServerResponse } from "@effect/platform"
import { Clock, Duration, Effect } from "effect"
import { sessionCookieName } from "#api/auth.ts"
import { makeBudgetedMap } from "#toolkit/bounded-map.ts"

export interface ResponseCacheOptions {
  /** The paths whose answers depend only on the URL and on who reads. */
  readonly paths: ReadonlySet<string>
  /**
   * What the answers are read from: `state` changes whenever any of them could read differently, `songs`
   * only when what they list changes (a song made public, private or deleted), not its counts.
   */
  readonly stamp: Effect.Effect<{ readonly state: string; readonly songs: string }>
  /**
   * How long an answer may still be given after the state it was read at moved on, while the same songs
   * are listed: likes, plays and the order they make show at most this late to readers other than the
   * one who changed them.
   */
  readonly countsMayLag: Duration.DurationInput
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

/** A kept answer, and what it was read at. */
interface Kept {
  readonly response: HttpServerResponse.HttpServerResponse
  readonly state: string
  readonly keptAt: number
}

const sizeOf = ({ response }: Kept) =>
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
 * The stamp is read before the app answers, so an answer is never kept as read at a newer state than
 * the one it was. An answer is given while the state stands, and for `countsMayLag` after it was kept
 * while only counts moved: at a hundred likes a second the state moves on every few milliseconds, and
 * without that lag no page would be given twice. All are dropped at once when the songs listed change,
 * and a signed-in person's own answers when they change anything (any request but a GET): the one who
 * liked a song sees it at once. Each side is kept to its budget of bytes, the oldest answers making room.
 */
export const makeResponseCache = (options: ResponseCacheOptions) => {
  let keptFor: string | undefined
  const lag = Duration.toMillis(options.countsMayLag)
  // By URL for readers without a session; by user and URL for signed-in readers.
  const shared = makeBudgetedMap<string, Kept>(options.budget, sizeOf)
  const personal = makeBudgetedMap<string, Kept>(options.budget, sizeOf)
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

  const cachedResponse = (url: string, holder: string | undefined, state: string, at: number) => {
    const kept = holder === undefined ? shared.get(url) : personal.get(`${holder} ${url}`)
    return kept !== undefined && (kept.state === state || at - kept.keptAt < lag)
      ? kept.response
      : undefined
  }

  /** A signed-in person changed something: what was kept for them may not show it. */
  const forget = (sessionId: string | undefined) =>
    sessionId === undefined
      ? Effect.void
      : Effect.map(options.holderOf(sessionId), (holder) => {
          if (holder !== undefined) personal.removeWhere((key) => key.startsWith(`${holder} `))
        })

  /** The cached response to this request, or the app's (cached when it may be). */
  const through =
    (request: HttpServerRequest.HttpServerRequest, pathname: string) =>
    <E, R>(
      answer: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
    ): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> =>
      request.method !== "GET"
        ? // Forgotten once it is answered: the app has read the session by then, and the person's next
          // read comes after it.
          Effect.tap(answer, () => forget(sessionOf(request)))
        : options.paths.has(pathname)
          ? Effect.gen(function* () {
              const stamp = yield* options.stamp
              const at = yield* Clock.currentTimeMillis
              if (stamp.songs !== keptFor) {
                shared.clear()
                personal.clear()
                keptFor = stamp.songs
              }
              const sessionId = sessionOf(request)
              const holder =
                sessionId === undefined ? undefined : yield* options.holderOf(sessionId)
              const known =
                sessionId === undefined || holder !== undefined
                  ? cachedResponse(request.url, holder, stamp.state, at)
                  : undefined
              if (known) return known
              const response = yield* answer
              if (keptFor !== stamp.songs || !keepable(response)) return response
              const kept: Kept = { response, state: stamp.state, keptAt: at }
              if (sessionId === undefined) {
                shared.set(request.url, kept)
                return response
              }
              // Asked again: the app has just read the session if identity did not know it before.
              const answeredFor = yield* options.holderOf(sessionId)
              if (answeredFor !== undefined) personal.set(`${answeredFor} ${request.url}`, kept)
              return response
            })
          : answer

  return { through }
}

export type ResponseCache = ReturnType<typeof makeResponseCache>
