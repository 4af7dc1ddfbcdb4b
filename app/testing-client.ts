import {
  type Cookies,
  FetchHttpClient,
  HttpApiClient,
  HttpClient,
  HttpClientRequest,
  type HttpServer,
} from "@effect/platform"
import { Duration, Effect, Schema } from "effect"
import { MelodyApi } from "./api.ts"
import { type Answer, type browser, serverUrl, signUp } from "./testing.ts"
import { noAnswer } from "./testing-stall.ts"

type Browser = ReturnType<typeof browser>

const expired = (cookie: Cookies.Cookie) =>
  cookie.value === "" ||
  (cookie.options?.expires !== undefined && cookie.options.expires.getTime() <= Date.now()) ||
  (cookie.options?.maxAge !== undefined &&
    Duration.toMillis(Duration.decode(cookie.options.maxAge)) <= 0)

/**
 * Sends what the browser sends (its cookies, and its Origin, which state-changing requests are checked
 * against) and keeps the cookies it is given, so the browser and its client share one session.
 */
const asBrowser = (person: Browser, origin: string) => (client: HttpClient.HttpClient) =>
  client.pipe(
    HttpClient.mapRequest((request) => {
      const cookie = [...person.cookies].map(([name, value]) => `${name}=${value}`).join("; ")
      const sent = HttpClientRequest.setHeader(request, "origin", origin)
      return cookie === "" ? sent : HttpClientRequest.setHeader(sent, "cookie", cookie)
    }),
    HttpClient.tap((response) =>
      Effect.sync(() => {
        for (const cookie of Object.values(response.cookies.cookies)) {
          if (expired(cookie)) person.cookies.delete(cookie.name)
          else person.cookies.set(cookie.name, cookie.valueEncoded)
        }
      }),
    ),
  )

/**
 * A call with no answer within a minute ends the test naming the call, rather than leaving it to the test's
 * own timeout, which says nothing of where it waited.
 */
const answeredWithin = (client: HttpClient.HttpClient) =>
  HttpClient.transform(client, (response, request) =>
    Effect.timeout(response, "60 seconds").pipe(
      Effect.catchTag("TimeoutException", () =>
        Effect.flatMap(noAnswer(request.method, request.url), Effect.die),
      ),
    ),
  )

const makeClient = (baseUrl: string, person: Browser | undefined) =>
  HttpApiClient.make(MelodyApi, {
    baseUrl,
    transformClient: (client) =>
      answeredWithin(person === undefined ? client : asBrowser(person, baseUrl)(client)),
  }).pipe(Effect.provide(FetchHttpClient.layer))

type Client = Effect.Effect.Success<ReturnType<typeof makeClient>>

// Made once per browser and server: building a client from the whole contract takes tens of milliseconds.
const clients = new WeakMap<Browser, { readonly baseUrl: string; readonly client: Client }>()
const anonymous = new Map<string, Client>()

/**
 * The API's typed client, made from the same contract as the server, calling the test server: as this
 * browser, or without one as a caller with no session. Answers come decoded, refusals as the contract's
 * typed errors (`Effect.flip` to look at one).
 */
export const clientOf = (person?: Browser) =>
  Effect.flatMap(serverUrl, (baseUrl) => {
    const kept =
      person === undefined
        ? anonymous.get(baseUrl)
        : clients.get(person)?.baseUrl === baseUrl
          ? clients.get(person)?.client
          : undefined
    if (kept !== undefined) return Effect.succeed(kept)
    return Effect.tap(makeClient(baseUrl, person), (client) =>
      Effect.sync(() => {
        if (person === undefined) anonymous.set(baseUrl, client)
        else clients.set(person, { baseUrl, client })
      }),
    )
  })

export type ApiClient = Client

/** One call through the typed client, as this browser. */
export const callAs = <A, E, R>(
  person: Browser,
  call: (api: ApiClient) => Effect.Effect<A, E, R>,
): Effect.Effect<A, E, R | HttpServer.HttpServer> => Effect.flatMap(clientOf(person), call)

/** A new verified person with their typed client. */
export const signedUpWithClient = (prefix: string) =>
  Effect.flatMap(signUp(prefix), (signed) =>
    Effect.map(clientOf(signed.person), (api) => ({ ...signed, api })),
  )

/** The first page of a list the admin side pages through, as the contract's defaults have it. */
export const firstPage = { limit: 50, offset: 0 }

/**
 * Whether a raw answer's body is a refusal with this tag and a message: for the edge's own refusals
 * (a body of the wrong type, too large), which it answers before the contract is consulted.
 */
export const isRefusal = (tag: string) =>
  Schema.is(Schema.Struct({ _tag: Schema.Literal(tag), message: Schema.String }))

/**
 * A raw answer's body read with a schema: the contract's for requests the typed client cannot send
 * (malformed bodies, missing headers), or the test's own for answers outside the API; a body that does
 * not match fails the test.
 */
export const decodeBody = <A, I>(schema: Schema.Schema<A, I>, answer: Answer): A =>
  Schema.decodeUnknownSync(schema)(answer.body)
