import { mkdtempSync, writeFileSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, serverUrl } from "../testing.ts"

const webDist = mkdtempSync(join(tmpdir(), "melody-dist-"))
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Melody Studio</title>")
const appUrl = "http://localhost:4321"

/** A request to the server with the Host header a browser sends for the name it was opened at. */
const arriving = (host: string, path: string, method = "GET") =>
  Effect.flatMap(serverUrl, (base) =>
    Effect.async<{ status: number; headers: Record<string, unknown> }>((resume) => {
      const { port } = new URL(base)
      const sent = httpRequest(
        { host: "127.0.0.1", port, path, method, headers: { host: host.replace("PORT", port) } },
        (response) => {
          response.resume()
          response.on("end", () =>
            resume(Effect.succeed({ status: response.statusCode ?? 0, headers: response.headers })),
          )
        },
      )
      sent.end()
    }),
  )

describeApp({ config: { webDist, appUrl } })("one address", (it) => {
  it.effect("a page opened under another loopback name goes to APP_URL before any cookie", () =>
    Effect.gen(function* () {
      for (const host of ["127.0.0.1:PORT", "[::1]:PORT", "melody.localhost:PORT"]) {
        const answer = yield* arriving(host, "/timeline?page=2")
        expect(answer.status, host).toBe(307)
        expect(answer.headers.location).toBe("http://localhost:4321/timeline?page=2")
        expect(answer.headers["set-cookie"]).toBeUndefined()
      }
      expect((yield* arriving("localhost:PORT", "/timeline")).status).toBe(200)
    }),
  )

  it.effect(
    "API calls, other methods and names that are not loopback are answered where they arrive",
    () =>
      Effect.gen(function* () {
        expect((yield* arriving("127.0.0.1:PORT", "/api/health")).status).toBe(200)
        expect((yield* arriving("127.0.0.1:PORT", "/timeline", "POST")).status).not.toBe(307)
        expect((yield* arriving("192.168.1.5:PORT", "/timeline")).status).toBe(200)
      }),
  )
})

describeApp({
  config: { webDist, appUrl: "http://127.0.0.1:4321" },
  env: { PASSKEY_ORIGIN: "http://passkeys.localhost:4321" },
})("one address, and where passkeys live", (it) => {
  it.effect("pages under PASSKEY_ORIGIN's name stay there; other loopback names still move", () =>
    Effect.gen(function* () {
      expect((yield* arriving("passkeys.localhost:PORT", "/settings")).status).toBe(200)
      const other = yield* arriving("localhost:PORT", "/settings")
      expect(other.status).toBe(307)
      expect(other.headers.location).toBe("http://127.0.0.1:4321/settings")
    }),
  )
})
