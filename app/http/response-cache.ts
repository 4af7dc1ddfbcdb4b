import { Cookies, type HttpServerRequest, type HttpServerResponse } from "@effect/platform"
import { Clock, Duration, Effect } from "effect"
import { sessionCookieName } from "#api/auth.ts"
import { makeBudgetedMap } from "#toolkit/bounded-map.ts"

/** A read whose answers are kept: the paths it answers, and the stamp of what it reads them from. */
export interface CachedRead {
  /** Whether a path is one of this read's: answers that depend only on the URL and on who reads. */
  readonly answers: (pathname: string) => boolean
  /**
   * What its answers are read from: `state` changes whenever any of them could read differently,
   * `listing` only when what they list changes (a song or playlist made public, private, deleted or
   * edited), not its counts.
   */
  readonly stamp: Effect.Effect<{ readonly state: string; readonly listing: string }>
  /**
   * Milliseconds after which an answer is read again even while the state stands: for a read that keeps
   * what it found for a while and finds it again only when asked (searches).
   */
  readonly maxAge?: number
  /**
   * How many bytes of its answers are kept for people who are not signed in, and as many for those who
   * are: their bodies, and a little for each answer's own objects.
   */
  readonly budget: number
}

export interface ResponseCacheOptions {
  /** The first read whose `answers` takes a path is the one that keeps its answers. */
  readonly reads: ReadonlyArray<CachedRead>
  /**
   * How long an answer may still be given after the state it was read at moved on, while the same things
   * are listed: likes, plays and follows, and the order they make, show at most this late to readers
   * other than the one who changed them.
   */
  readonly countsMayLag: Duration.DurationInput
  /**
   * Who holds this session id, when that is known without reading anything (undefined otherwise): only
   * then is a signed-in reader's answer looked up or kept. Must stop answering the moment a session ends.
   */
  readonly holderOf: (sessionId: string) => Effect.Effect<string | undefined>
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

/** What is kept of one read: its answers, and the listing they were read at. */
interface KeptRead {
  readonly read: CachedRead
  keptFor: string | undefined
  // By URL for readers without a session; by user and URL for signed-in readers.
  readonly shared: ReturnType<typeof makeBudgetedMap<string, Kept>>
  readonly personal: ReturnType<typeof makeBudgetedMap<string, Kept>>
}

/**
 * Whole responses cached at the edge: the public timeline, Trending, creators' pages, playlists and
 * searches are read alike by everyone who is not signed in, and again by the same reader (every page they
 * loaded, when the list is refetched), and going through the API's router, middlewares and handler for
 * the same bytes costs more than the answer itself (bench:timeline). Readers without a session share one
 * answer per URL; a signed-in reader's answers are their own, and are used only while identity knows the
 * session without reading it, so a session that ends is never answered from here. Anything that is not a
 * GET of one of the reads' paths goes through, and only a plain 200 that sets no cookie is kept (a
 * session that slid forward sends its cookie again).
 *
 * A read's stamp is read before the app answers, so an answer is never kept as read at a newer state than
 * the one it was. An answer is given while the state stands, and for `countsMayLag` after it was kept
 * while only counts moved: at a hundred likes a second the state moves on every few milliseconds, and
 * without that lag no answer would be given twice. A read's answers are all dropped at once when what it
 * lists changes, and a signed-in person's own answers when they change anything (any request but a GET):
 * the one who liked a song sees it at once. Each side of each read is kept to its budget of bytes, the
 * oldest answers making room.
 */
export const makeResponseCache = (options: ResponseCacheOptions) => {
  const lag = Duration.toMillis(options.countsMayLag)
  const reads: ReadonlyArray<KeptRead> = options.reads.map((read) => ({
    read,
    keptFor: undefined,
    shared: makeBudgetedMap<string, Kept>(read.budget, sizeOf),
    personal: makeBudgetedMap<string, Kept>(read.budget, sizeOf),
  }))
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

  const cachedResponse = (
    kept: KeptRead,
    url: string,
    holder: string | undefined,
    state: string,
    at: number,
  ) => {
    const answer =
      holder === undefined ? kept.shared.get(url) : kept.personal.get(`${holder} ${url}`)
    if (answer === undefined) return undefined
    const age = at - answer.keptAt
    if (kept.read.maxAge !== undefined && age >= kept.read.maxAge) return undefined
    return answer.state === state || age < lag ? answer.response : undefined
  }

  /** A signed-in person changed something: what was kept for them may not show it. */
  const forget = (sessionId: string | undefined) =>
    sessionId === undefined
      ? Effect.void
      : Effect.map(options.holderOf(sessionId), (holder) => {
          if (holder === undefined) return
          for (const kept of reads) kept.personal.removeWhere((key) => key.startsWith(`${holder} `))
        })

  const answerFrom =
    (kept: KeptRead, request: HttpServerRequest.HttpServerRequest) =>
    <E, R>(answer: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
      Effect.gen(function* () {
        const stamp = yield* kept.read.stamp
        const at = yield* Clock.currentTimeMillis
        if (stamp.listing !== kept.keptFor) {
          kept.shared.clear()
          kept.personal.clear()
          kept.keptFor = stamp.listing
        }
        const sessionId = sessionOf(request)
        const holder = sessionId === undefined ? undefined : yield* options.holderOf(sessionId)
        const known =
          sessionId === undefined || holder !== undefined
            ? cachedResponse(kept, request.url, holder, stamp.state, at)
            : undefined
        if (known) return known
        const response = yield* answer
        if (kept.keptFor !== stamp.listing || !keepable(response)) return response
        const answered: Kept = { response, state: stamp.state, keptAt: at }
        if (sessionId === undefined) {
          kept.shared.set(request.url, answered)
          return response
        }
        // Asked again: the app has just read the session if identity did not know it before.
        const answeredFor = yield* options.holderOf(sessionId)
        if (answeredFor !== undefined) kept.personal.set(`${answeredFor} ${request.url}`, answered)
        return response
      })

  /** The cached response to this request, or the app's (cached when it may be). */
  const through =
    (request: HttpServerRequest.HttpServerRequest, pathname: string) =>
    <E, R>(
      answer: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
    ): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> => {
      // Forgotten once it is answered: the app has read the session by then, and the person's next read
      // comes after it.
      if (request.method !== "GET") return Effect.tap(answer, () => forget(sessionOf(request)))
      const kept = reads.find(({ read }) => read.answers(pathname))
      return kept === undefined ? answer : answerFrom(kept, request)(answer)
    }

  return { through }
}

export type ResponseCache = ReturnType<typeof makeResponseCache>
