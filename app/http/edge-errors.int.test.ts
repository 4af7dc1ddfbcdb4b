import { join } from "node:path"
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { describeApp, settle, signUpAdmin } from "../testing.ts"
import { callAs, firstPage } from "../testing-client.ts"
import { trustNoProxy } from "./client-address.ts"
import { edge } from "./edge.ts"

const adminEmail = "edge-admin@example.com"
const config = { webDist: join(import.meta.dirname, "..", "..", "web", "dist") }

const secrets = ["tok-7c1e9a55d2", "sk_live_51HxYzSecretKey", "s3ssion-cookie-value"]

describeApp({ env: { ADMIN_EMAIL: adminEmail }, config })("a failing request", (it) => {
  it.effect("is recorded in the error stream without the secrets it carried", () =>
    Effect.gen(function* () {
      const { person: admin } = yield* signUpAdmin("edge", adminEmail)
      const reports = yield* ErrorReports
      const failing = edge({
        staticFiles: () => Effect.succeed(HttpServerResponse.empty({ status: 404 })),
        recordError: reports.recordFromCaller,
        appUrl: new URL("http://localhost"),
        secure: false,
        trustProxy: trustNoProxy,
      })(
        Effect.die(
          new Error(
            "the payment provider refused key sk_live_51HxYzSecretKey (Authorization: Bearer tok-7c1e9a55d2)",
          ),
        ),
      )
      const request = HttpServerRequest.fromWeb(
        new Request("http://localhost/api/checkout?token=tok-7c1e9a55d2&step=2", {
          headers: {
            cookie: "melody_session=s3ssion-cookie-value",
            authorization: "Bearer tok-7c1e9a55d2",
          },
        }),
      )
      const response = yield* failing.pipe(
        Effect.provideService(HttpServerRequest.HttpServerRequest, request),
        Effect.scoped,
      )
      expect(response.status).toBe(500)

      let recorded: ReadonlyArray<{ error: string; source: string }> = []
      for (let i = 0; i < 50 && recorded.length === 0; i++) {
        yield* settle
        const listed = yield* callAs(admin, (api) =>
          api.admin.errors({ urlParams: { ...firstPage, type: "server" } }),
        )
        recorded = listed.items.filter((e) => e.error.includes("payment provider"))
        if (recorded.length === 0) yield* Effect.sleep("50 millis")
      }
      expect(recorded).toHaveLength(1)
      const text = JSON.stringify(recorded)
      for (const secret of secrets) expect(text).not.toContain(secret)
      expect(text).toContain("step=2")
    }),
  )
})
