import { request as httpRequest, type IncomingMessage } from "node:http"
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { query } from "#events/testing.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { describeApp, postJson, request, serverUrl, signUp } from "../testing.ts"
import { callAs, isRefusal } from "../testing-client.ts"
import { seedGeneration } from "../testing-songs.ts"
import { trustNoProxy } from "./client-address.ts"
import { edge } from "./edge.ts"

const errorEvents = Effect.map(
  query<{ n: number }>("select count(*)::int as n from events where type = 'ErrorReported'"),
  ([row]) => row?.n ?? 0,
)

interface Sent {
  readonly status: number
  readonly body: string
  /** Body bytes written before the answer came. */
  readonly written: number
}

/**
 * Posts a body the way a client streaming it would: chunk after chunk, without a declared length (or with
 * the one given), stopping as soon as the server answers.
 */
const stream = (path: string, options: { chunks: number; declared?: number; first?: string }) =>
  Effect.flatMap(serverUrl, (base) =>
    Effect.async<Sent>((resume) => {
      let written = 0
      let answered = false
      const outgoing = httpRequest(`${base}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: base,
          ...(options.declared === undefined
            ? { "transfer-encoding": "chunked" }
            : { "content-length": String(options.declared) }),
        },
      })
      outgoing.on("response", (response: IncomingMessage) => {
        answered = true
        let body = ""
        response.setEncoding("utf8")
        response.on("data", (chunk: string) => {
          body += chunk
        })
        response.on("end", () => {
          outgoing.destroy()
          resume(Effect.succeed({ status: response.statusCode ?? 0, body, written }))
        })
      })
      // The server may close the connection while the client still writes: only the answer matters.
      outgoing.on("error", () => {
        if (!answered) resume(Effect.succeed({ status: 0, body: "", written }))
      })
      const chunk = Buffer.alloc(16 * 1024, "a")
      const write = (left: number): void => {
        if (answered || left === 0) return void (options.declared === undefined && outgoing.end())
        const piece = written === 0 && options.first ? Buffer.from(options.first) : chunk
        written += piece.length
        if (outgoing.write(piece)) setImmediate(() => write(left - 1))
        else outgoing.once("drain", () => write(left - 1))
      }
      outgoing.flushHeaders()
      if (options.chunks > 0) write(options.chunks)
    }),
  )

const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`

describeApp()("request bodies", (it) => {
  it.effect(
    "a streamed body over the route's limit is refused with 413 before it is read to the end",
    () =>
      Effect.gen(function* () {
        // 64 MiB offered, 16 KiB at a time, as a JSON string nobody would send for an e-mail address.
        const sent = yield* stream("/api/forgot-password", { chunks: 4096, first: '{"email":"' })
        expect(sent.status).toBe(413)
        expect(JSON.parse(sent.body)).toMatchObject({
          _tag: "PayloadTooLarge",
          message: "The request body is larger than this endpoint accepts (16 KB).",
        })
        // What the client wrote before the answer reached it depends on how busy the machine is (a loaded
        // CI machine let it write 4.2 MB); a quarter of the 64 MiB offered shows it was not read to the end.
        expect(sent.written).toBeLessThan(16 * 1024 * 1024)
        expect((yield* request("/api/health?projections=false")).status).toBe(200)
      }),
  )

  it.effect("a declared length over the limit is refused before any of the body is sent", () =>
    Effect.gen(function* () {
      const sent = yield* stream("/api/login", { chunks: 0, declared: 600 * 1024 * 1024 }).pipe(
        Effect.timeout("10 seconds"),
      )
      expect(sent).toMatchObject({ status: 413, written: 0 })
    }),
  )

  it.effect("each route has its own limit: lyrics may be long, a sign-in may not", () =>
    Effect.gen(function* () {
      const { person } = yield* signUp("bodies")
      const lyrics = "la la la\n".repeat(500)
      const padded = { lyrics, padding: " ".repeat(20_000) }
      expect((yield* person.put("/api/lyrics/draft", padded)).status).not.toBe(413)
      const login = yield* postJson("/api/login", {
        username: "x",
        password: "y",
        padding: padded.padding,
      })
      expect(login.status).toBe(413)
    }),
  )

  it.effect(
    "JSON nested deeper than any payload is a 400 on every JSON endpoint, and no error report",
    () =>
      Effect.gen(function* () {
        const { person } = yield* signUp("nesting")
        const before = yield* errorEvents
        for (const path of [
          "/api/register",
          "/api/login",
          "/api/forgot-password",
          "/api/client-errors",
        ]) {
          const answer = yield* postJson(path, deep(3000), { origin: yield* serverUrl })
          expect(answer.status, path).toBe(400)
          expect(answer.body, path).toMatchObject({
            _tag: "MalformedRequest",
            message: "The request body nests objects or arrays deeper than 32 levels.",
          })
        }
        for (const path of ["/api/chat", "/api/generate-song", "/api/videos/generate"]) {
          const answer = yield* person.send(path, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: `{"message":${deep(3000)}}`,
          })
          expect(answer.status, path).toBe(400)
        }
        // Nesting within the limit still reaches the schema, which says what is wrong.
        const shallow = yield* person.send("/api/chat", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: `{"message":${deep(20)}}`,
        })
        expect(shallow.status).toBe(400)
        expect(shallow.body).toMatchObject({ _tag: "HttpApiDecodeError" })
        expect(yield* errorEvents).toBe(before)
      }),
  )
})

/** The endpoints that take a body, as anyone calls them and as a signed-in person does. */
const anonymousBodies = [
  "POST /api/register",
  "POST /api/login",
  "POST /api/forgot-password",
  "POST /api/reset-password",
  "POST /api/resend-verification",
  "POST /api/client-errors",
  "POST /api/payments/webhook",
  "POST /api/media/callbacks/secret/generation",
]
const signedInBodies = (songId: string) => [
  "POST /api/chat",
  "POST /api/chat/stream",
  "PUT /api/chat/lyrics",
  "POST /api/generate-lyrics",
  "PUT /api/lyrics/draft",
  "POST /api/generate-song",
  "POST /api/songs",
  `PATCH /api/songs/${songId}/privacy`,
  `PATCH /api/songs/${songId}/parts-sharing`,
  `POST /api/songs/${songId}/extend`,
  `POST /api/songs/${songId}/replace-section`,
  `POST /api/songs/${songId}/restyle`,
  "POST /api/voices",
  "POST /api/videos/generate",
  "POST /api/subscription/create",
  "POST /api/payments/create-payment-intent",
]

/** The same few fields as each type of body writes them. */
const bodiesOfOtherTypes = (): ReadonlyArray<readonly [string, () => RequestInit]> => [
  [
    "multipart/form-data",
    () => {
      const data = new FormData()
      data.append("username", "ada")
      data.append("password", "secret-password")
      return { body: data }
    },
  ],
  [
    "application/x-www-form-urlencoded",
    () => ({ body: new URLSearchParams({ username: "ada", password: "secret-password" }) }),
  ],
  ["text/plain", () => ({ body: "username=ada", headers: { "content-type": "text/plain" } })],
  ["application/xml", () => ({ body: "<login/>", headers: { "content-type": "application/xml" } })],
]

describeApp({ env: { LOGIN_ATTEMPTS_PER_ADDRESS: "1000" } })("bodies of other types", (it) => {
  it.effect(
    "every endpoint that takes a body takes JSON alone: any other type is a 415 at once, read or not",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("types")
        yield* seedGeneration(user.id, "Typed", 1)
        const [song] = yield* callAs(person, (api) => api.songs.mySongs())
        const base = yield* serverUrl
        const wrong: Array<string> = []
        for (const [as, endpoints] of [
          ["anyone", anonymousBodies],
          ["signed in", signedInBodies(song!.id)],
        ] as const) {
          for (const endpoint of endpoints) {
            const [method, path] = endpoint.split(" ") as [string, string]
            for (const [type, init] of bodiesOfOtherTypes()) {
              const sent = { ...init(), method, signal: AbortSignal.timeout(2000) }
              const answer = yield* (
                as === "anyone"
                  ? request(path, { ...sent, headers: { ...sent.headers, origin: base } })
                  : person.send(path, sent)
              ).pipe(
                Effect.catchAllDefect(() =>
                  Effect.succeed({ status: 0, body: "no answer within 2 s" }),
                ),
              )
              const body = answer.body
              if (
                answer.status !== 415 ||
                !isRefusal("UnsupportedMediaType")(body) ||
                !body.message.includes("application/json")
              )
                wrong.push(
                  `${as}: ${endpoint} as ${type}: ${answer.status} ${JSON.stringify(body)}`,
                )
            }
          }
        }
        expect(wrong).toEqual([])
        // JSON with its charset named is JSON.
        const login = yield* postJson(
          "/api/login",
          { username: "nobody", password: "secret-password" },
          { "content-type": "application/json; charset=utf-8", origin: base },
        )
        expect(login.status).toBe(401)
      }),
  )
})

describeApp()("the error stream", (it) => {
  it.effect(
    "takes a limited share from each caller: a client that keeps failing cannot flood it",
    () =>
      Effect.gen(function* () {
        const reports = yield* ErrorReports
        const failing = edge({
          staticFiles: () => Effect.succeed(HttpServerResponse.empty({ status: 404 })),
          recordError: reports.recordFromCaller,
          appUrl: new URL("http://localhost"),
          secure: false,
          trustProxy: trustNoProxy,
        })(Effect.die(new Error("a defect every time")))
        const from = (address: string) =>
          failing.pipe(
            Effect.provideService(
              HttpServerRequest.HttpServerRequest,
              HttpServerRequest.fromWeb(new Request("http://localhost/api/anything")).modify({
                remoteAddress: address,
              }),
            ),
            Effect.scoped,
          )
        const recorded = Effect.gen(function* () {
          let count = yield* errorEvents
          for (let i = 0; i < 40; i++) {
            yield* Effect.sleep("100 millis")
            const next = yield* errorEvents
            if (next === count && i > 5) return next
            count = next
          }
          return count
        })
        const before = yield* errorEvents
        for (let i = 0; i < 30; i++) expect((yield* from("203.0.113.7")).status).toBe(500)
        expect((yield* recorded) - before).toBe(20)
        expect((yield* from("203.0.113.8")).status).toBe(500)
        expect((yield* recorded) - before).toBe(21)
      }),
  )
})
