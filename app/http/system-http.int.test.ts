import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { describe, expect } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { query } from "#events/testing.ts"
import { MalformedRequest } from "../api.ts"
import { describeApp, postJson, request } from "../testing.ts"
import { decodeBody } from "../testing-client.ts"

const webDist = mkdtempSync(join(tmpdir(), "melody-dist-"))
mkdirSync(join(webDist, "assets"))
writeFileSync(
  join(webDist, "index.html"),
  "<!doctype html><title>Melody Studio</title><div id=root></div>",
)
writeFileSync(join(webDist, "assets", "app-123.js"), "console.log('app')")

const errorEvents = Effect.map(
  query<{ n: number }>("select count(*)::int as n from events where type = 'ErrorReported'"),
  ([row]) => row?.n ?? 0,
)

describeApp({ config: { webDist } })("system endpoints and the HTTP edge", (it) => {
  describe("health", () => {
    it.effect("reports the database and every projection", () =>
      Effect.gen(function* () {
        const answer = yield* request("/api/health")
        expect(answer.status).toBe(200)
        expect(answer.body).toMatchObject({
          status: "ok",
          database: { ok: true },
          projections: [
            { name: "event-counts", status: "running", deadLetters: 0 },
            { name: "operating-totals", status: "running", deadLetters: 0 },
            { name: "credit-ledger", status: "running", deadLetters: 0 },
            { name: "ledger-money", status: "running", deadLetters: 0 },
            { name: "library", status: "running", deadLetters: 0 },
            { name: "timeline", status: "running", deadLetters: 0 },
            { name: "creators", status: "running", deadLetters: 0 },
            { name: "playlists", status: "running", deadLetters: 0 },
            { name: "search", status: "running", deadLetters: 0 },
            { name: "comments", status: "running", deadLetters: 0 },
            { name: "notifications", status: "running", deadLetters: 0 },
            { name: "moderation", status: "running", deadLetters: 0 },
            { name: "admin-activity", status: "running", deadLetters: 0 },
            { name: "error-stream", status: "running", deadLetters: 0 },
          ],
        })
        const short = yield* request("/api/health?projections=false")
        expect(short.body).toMatchObject({ projections: [] })
      }),
    )

    it.effect("a query parameter of the wrong type is a clear 400", () =>
      Effect.gen(function* () {
        const answer = yield* request("/api/health?projections=maybe")
        expect(answer.status).toBe(400)
        expect(answer.body).toMatchObject({
          _tag: "HttpApiDecodeError",
          message: "projections must be true or false",
        })
      }),
    )

    it.effect("a wrong method or a body it does not expect never makes a 500", () =>
      Effect.gen(function* () {
        const post = yield* postJson("/api/health", "{not json")
        expect(post.status).toBe(404)
        expect(post.body).toEqual({ _tag: "NotFound", message: "No endpoint POST /api/health" })
      }),
    )
  })

  describe("client error reports", () => {
    it.effect("bad input gets a clear 400 and records nothing", () =>
      Effect.gen(function* () {
        const before = yield* errorEvents
        const cases: ReadonlyArray<readonly [unknown, string]> = [
          ["{not json", "The request body is not valid JSON."],
          [[], "The request body must be a JSON object."],
          [{ message: 7 }, "message must be a text of 1 to 2000 characters"],
          [{ message: "" }, "message must be a text of 1 to 2000 characters"],
          [{ message: "x".repeat(2001) }, "message must be a text of 1 to 2000 characters"],
          [{ message: "boom", context: [] }, "context must be an object"],
          [{ message: "boom", url: 12 }, "url must be a text of at most 2000 characters"],
          [{}, "message: is missing"],
        ]
        for (const [body, message] of cases) {
          const answer = yield* postJson("/api/client-errors", body)
          expect({
            status: answer.status,
            message: decodeBody(Schema.Union(MalformedRequest, HttpApiDecodeError), answer).message,
          }).toEqual({
            status: 400,
            message,
          })
        }
        expect(yield* errorEvents).toBe(before)
      }),
    )

    it.effect("a report is recorded in the day's error stream, with secrets scrubbed", () =>
      Effect.gen(function* () {
        const answer = yield* postJson(
          "/api/client-errors",
          {
            message: "Player crashed",
            url: "http://x/reset-password?token=abc123",
            context: { password: "p", page: "library" },
          },
          { "x-request-id": "req-12345678" },
        )
        expect(answer.status).toBe(202)
        const [row] = yield* query<{
          stream_id: string
          data: Record<string, unknown>
          metadata: Record<string, unknown>
        }>(
          "select stream_id, data, metadata from events where type = 'ErrorReported' order by global_position desc limit 1",
        )
        expect(row?.stream_id).toMatch(/^errors-\d{4}-\d{2}-\d{2}$/)
        expect(row?.data).toMatchObject({
          source: "client",
          message: "Player crashed",
          context: {
            password: "[redacted]",
            page: "library",
            url: "http://x/reset-password?token=%5Bredacted%5D",
          },
        })
        expect(JSON.stringify(row)).not.toContain("abc123")
        expect(row?.metadata).toMatchObject({
          correlationId: "req-12345678",
          requestId: "req-12345678",
        })
      }),
    )
  })

  describe("the edge", () => {
    it.effect("an unknown API path is a JSON 404", () =>
      Effect.gen(function* () {
        const answer = yield* request("/api/nothing/here")
        expect(answer.status).toBe(404)
        expect(answer.body).toEqual({
          _tag: "NotFound",
          message: "No endpoint GET /api/nothing/here",
        })
      }),
    )

    it.effect("every response carries security headers and a request id", () =>
      Effect.gen(function* () {
        for (const path of ["/api/health", "/library", "/assets/app-123.js"]) {
          const answer = yield* request(path)
          expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'")
          expect(answer.headers.get("x-content-type-options")).toBe("nosniff")
          expect(answer.headers.get("x-frame-options")).toBe("DENY")
          expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
        }
        expect(
          (yield* request("/api/health")).headers.get("content-security-policy"),
        ).not.toContain("'unsafe-inline'; style-src")
        // Only the API documentation page may run the inline script Swagger UI needs.
        expect((yield* request("/api/docs")).headers.get("content-security-policy")).toContain(
          "script-src 'self' 'unsafe-inline'",
        )
        const traced = yield* request("/api/health", {
          headers: { "x-request-id": "trace-abcdef12" },
        })
        expect(traced.headers.get("x-request-id")).toBe("trace-abcdef12")
      }),
    )

    it.effect(
      "the SPA: files as they are, index.html for app routes, nothing outside the build",
      () =>
        Effect.gen(function* () {
          const asset = yield* request("/assets/app-123.js")
          expect(asset.status).toBe(200)
          expect(asset.headers.get("cache-control")).toContain("immutable")
          const route = yield* request("/library/some-song")
          expect(route.status).toBe(200)
          expect(route.text).toContain("<title>Melody Studio</title>")
          expect(route.headers.get("cache-control")).toBe("no-cache")
          const missingAsset = yield* request("/assets/nope.js")
          expect(missingAsset.status).toBe(404)
          const traversal = yield* request("/%2e%2e/%2e%2e/package.json")
          expect(traversal.text).not.toContain('"name"')
        }),
    )

    it.effect("the API is documented at /api/docs and /api/openapi.json", () =>
      Effect.gen(function* () {
        const docs = yield* request("/api/docs")
        expect(docs.status).toBe(200)
        expect(docs.text).toContain("Melody Studio API")
        const spec = yield* request("/api/openapi.json")
        expect(spec.body).toMatchObject({ info: { title: "Melody Studio API" } })
        expect(spec.body).toHaveProperty(["paths", "/api/health"])
      }),
    )
  })
})
