import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { describeApp, postJson, request } from "../testing.ts"
import { clientOf } from "../testing-client.ts"
import { trustNoProxy } from "./client-address.ts"
import { edge } from "./edge.ts"

const env = { LOGIN_ATTEMPTS_PER_ADDRESS: "3" }

const mailboxOff = {
  _tag: "NotFound",
  message:
    "The development mailbox is off: others can reach this server, and a request that looks local may have come through a proxy.",
}

/** Sign-in attempts as they reach the server through a proxy that reports the client in X-Forwarded-For. */
const signInFrom = (forwardedFor: string) =>
  postJson(
    "/api/login",
    { username: "nobody", password: "wrong-password" },
    { "x-forwarded-for": forwardedFor },
  )

const attemptsUntilRefused = (forwardedFor: string) =>
  Effect.gen(function* () {
    for (let attempt = 1; attempt <= 6; attempt++) {
      if ((yield* signInFrom(forwardedFor)).status === 429) return attempt
    }
    return Number.POSITIVE_INFINITY
  })

describeApp({ env, config: { trustProxy: { _tag: "Hops", hops: 1 }, host: "0.0.0.0" } })(
  "behind one trusted proxy",
  (it) => {
    it.effect(
      "each client has its own sign-in bucket, and a forged entry does not buy a new one",
      () =>
        Effect.gen(function* () {
          expect(yield* attemptsUntilRefused("198.51.100.1")).toBe(4)
          expect(yield* attemptsUntilRefused("198.51.100.2")).toBe(4)
          // The client wrote the first entry itself; the proxy appended the address it really came from.
          expect((yield* signInFrom("192.0.2.99, 198.51.100.1")).status).toBe(429)
        }),
    )

    it.effect(
      "the development mailbox is off, even to a request that looks local (a TCP-mode proxy adds no headers)",
      () =>
        Effect.gen(function* () {
          const forwarded = yield* request("/api/dev/mailbox", {
            headers: { "x-forwarded-for": "127.0.0.1" },
          })
          expect(forwarded.status).toBe(404)
          expect(forwarded.body).toMatchObject({ _tag: "NotFound" })
          expect(yield* request("/api/dev/mailbox")).toMatchObject({
            status: 404,
            body: mailboxOff,
          })
          const site = yield* request("/api/site", {
            headers: { "x-forwarded-for": "198.51.100.1" },
          })
          expect(site.body).toMatchObject({ devMailbox: false })
          expect((yield* request("/api/site")).body).toMatchObject({ devMailbox: false })
        }),
    )

    it.effect("a server reachable beyond this machine without SMTP says so in its health", () =>
      Effect.gen(function* () {
        const api = yield* clientOf()
        const { warnings } = yield* api.system.health({ urlParams: { projections: false } })
        expect(warnings).toHaveLength(1)
        expect(warnings[0]).toContain("SMTP_URL is unset")
        expect(warnings[0]).toContain("0.0.0.0")
        expect(warnings[0]).toContain("TRUST_PROXY")
      }),
    )
  },
)

/** A local caller with no forwarding header: the operator, or anyone through a proxy that adds none. */
const askedAsIfLocal = Effect.gen(function* () {
  const mailbox = yield* request("/api/dev/mailbox")
  const api = yield* clientOf()
  const site = yield* api.system.site()
  const health = yield* api.system.health({ urlParams: { projections: false } })
  return {
    mailbox: { status: mailbox.status, body: mailbox.body },
    devMailbox: site.devMailbox,
    warnings: health.warnings,
  }
})

describeApp({ config: { trustProxy: { _tag: "Hops", hops: 1 } } })(
  "behind a trusted proxy on this machine",
  (it) => {
    it.effect("the development mailbox is off, and health says why mail reaches nobody", () =>
      Effect.gen(function* () {
        const asked = yield* askedAsIfLocal
        expect(asked.mailbox).toEqual({ status: 404, body: mailboxOff })
        expect(asked.devMailbox).toBe(false)
        expect(asked.warnings).toHaveLength(1)
        expect(asked.warnings[0]).toContain("SMTP_URL is unset")
        expect(asked.warnings[0]).toContain("TRUST_PROXY")
      }),
    )
  },
)

describeApp({ config: { appUrl: "https://melody.example.com" } })(
  "on loopback, reached at an address elsewhere (a proxy in front that is not trusted)",
  (it) => {
    it.effect("the development mailbox is off, and health says why mail reaches nobody", () =>
      Effect.gen(function* () {
        const asked = yield* askedAsIfLocal
        expect(asked.mailbox).toEqual({ status: 404, body: mailboxOff })
        expect(asked.devMailbox).toBe(false)
        expect(asked.warnings).toHaveLength(1)
        expect(asked.warnings[0]).toContain("SMTP_URL is unset")
        expect(asked.warnings[0]).toContain("https://melody.example.com")
      }),
    )
  },
)

describeApp({ env })("with no proxy trusted", (it) => {
  it.effect(
    "X-Forwarded-For is the client's own word: every value shares the connection's bucket",
    () =>
      Effect.gen(function* () {
        expect(yield* signInFrom("198.51.100.1")).toMatchObject({ status: 401 })
        expect(yield* signInFrom("198.51.100.2")).toMatchObject({ status: 401 })
        expect(yield* signInFrom("198.51.100.3")).toMatchObject({ status: 401 })
        expect((yield* signInFrom("198.51.100.4")).status).toBe(429)
      }),
  )

  it.effect("the development mailbox refuses a caller from another machine", () =>
    Effect.gen(function* () {
      const reports = yield* ErrorReports
      const answered = edge({
        staticFiles: () => Effect.succeed(HttpServerResponse.empty({ status: 404 })),
        recordError: reports.recordFromCaller,
        appUrl: new URL("http://localhost"),
        secure: false,
        trustProxy: trustNoProxy,
      })(Effect.succeed(HttpServerResponse.text("the mailbox")))
      const from = (address: string) =>
        answered.pipe(
          Effect.provideService(
            HttpServerRequest.HttpServerRequest,
            HttpServerRequest.fromWeb(new Request("http://localhost/api/dev/mailbox")).modify({
              remoteAddress: address,
            }),
          ),
          Effect.scoped,
        )
      expect((yield* from("203.0.113.7")).status).toBe(404)
      expect((yield* from("::ffff:192.168.1.20")).status).toBe(404)
      expect((yield* from("127.0.0.1")).status).toBe(200)
      expect((yield* from("::1")).status).toBe(200)
    }),
  )

  it.effect(
    "a server only this machine reaches has nothing to warn about, and its mailbox answers",
    () =>
      Effect.gen(function* () {
        const asked = yield* askedAsIfLocal
        expect(asked.mailbox.status).toBe(200)
        expect(asked.devMailbox).toBe(true)
        expect(asked.warnings).toEqual([])
      }),
  )
})
