import { HttpServer } from "@effect/platform"
import { Effect, Layer, Option } from "effect"
import { describeWith, TestDatabase, type TestDatabaseOptions } from "#events/testing.ts"
import { AppConfig, type AppConfigShape } from "./config.ts"
import { ErrorReports } from "./error-reports.ts"
import { migrateAll } from "./migrations.ts"
import { HttpLive } from "./server.ts"

export const testConfig = (overrides: Partial<AppConfigShape> = {}): AppConfigShape => ({
  port: 0,
  host: "127.0.0.1",
  appUrl: "http://127.0.0.1",
  databaseUrl: Option.none(),
  databasePoolSize: 10,
  dataDir: "/tmp/melody-test-data",
  embeddedPostgresPort: 0,
  webDist: "/nonexistent",
  logLevel: "warn",
  ...overrides,
})

/** The whole HTTP server on a random port, on the test file's own database. */
export const TestApp = (config: Partial<AppConfigShape> = {}, database: TestDatabaseOptions = {}) =>
  HttpLive.pipe(
    Layer.provide(ErrorReports.live),
    Layer.provide(Layer.effectDiscard(Effect.orDie(migrateAll))),
    Layer.provideMerge(TestDatabase(database)),
    Layer.provide(Layer.succeed(AppConfig, testConfig(config))),
  )

export const describeApp = (
  config: Partial<AppConfigShape> = {},
  database: TestDatabaseOptions = {},
) => describeWith(TestApp(config, database))

/** The server's address, for fetch. */
export const serverUrl = Effect.map(HttpServer.HttpServer, (server) => {
  const address = server.address
  return address._tag === "TcpAddress" ? `http://127.0.0.1:${address.port}` : ""
})

export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: unknown
  readonly text: string
}

/** A request to the test server, answered with the parsed JSON body when there is one. */
export const request = (path: string, init: RequestInit = {}) =>
  Effect.flatMap(serverUrl, (base) =>
    Effect.promise(async (): Promise<Answer> => {
      const response = await fetch(base + path, init)
      const text = await response.text()
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, headers: response.headers, body, text }
    }),
  )

export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  })
