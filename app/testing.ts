import { join } from "node:path"
import { ConfigProvider, Effect, Layer, Option } from "effect"
import { awaitPosition, EventStore, Position } from "#events/store/index.ts"
import { describeWith, TestDatabase, type TestDatabaseOptions } from "#events/testing.ts"
import { deliverMail, Identity, sendVerification } from "#modules/identity/index.ts"
import { projectionSubscriptionName } from "#projections/runner.ts"
import { runDueJobs } from "#toolkit/job-worker.ts"
import { AppConfig, type AppConfigShape } from "./config.ts"
import { trustNoProxy } from "./http/client-address.ts"
import { jobKinds } from "./jobs.ts"
import { foundation, Startup } from "./layers.ts"
import { projections } from "./projections.ts"
import { reactions } from "./reactions.ts"
import { HttpLive } from "./server.ts"
import { OtlpFiguresLive, OtlpLive } from "./telemetry/otlp.ts"
import { clientOf } from "./testing-client.ts"
import { browser } from "./testing-http.ts"
import { ProjectionsLive, ReactionsLive } from "./workers.ts"

export const testConfig = (overrides: Partial<AppConfigShape> = {}): AppConfigShape => ({
  port: 0,
  host: "127.0.0.1",
  appUrl: "http://127.0.0.1",
  databaseUrl: Option.none(),
  databasePoolSize: 10,
  dataDir: "/tmp/melody-test-data",
  embeddedPostgresPort: 0,
  webDist: "/nonexistent",
  webSourceMaps: "/nonexistent",
  // The one `npm run build` makes: the first views a test asks for are drawn by the app's components.
  webRenderer: join(import.meta.dirname, "..", "web", "dist-ssr", "server-entry.js"),
  logLevel: "warn",
  contactEmail: "privacy@example.test",
  trustProxy: trustNoProxy,
  liveStreamsPerProcess: 1_000,
  // Tests read their own writes at once unless they are about the lag (timeline-lag.int.test.ts).
  timelineCountsLag: 0,
  ...overrides,
})

/** Tests read their own writes at once unless they are about a lag (as `timelineCountsLag` above). */
export const readOwnWrites = { TRENDING_REFRESH_SECONDS: "0", SEARCH_REFRESH_SECONDS: "0" }

export interface TestAppOptions {
  readonly config?: Partial<AppConfigShape>
  readonly database?: TestDatabaseOptions
  /** Environment variables the modules read (rate limits, token lifetimes...). */
  readonly env?: Record<string, string>
}

/**
 * The whole HTTP server on a random port, on the test file's own database, with every module, its
 * projections and reactions. Background jobs do not run by themselves: tests run them with `runJobs`.
 */
export const TestApp = (options: TestAppOptions = {}) =>
  Layer.mergeAll(HttpLive, Startup, ProjectionsLive, ReactionsLive, OtlpFiguresLive).pipe(
    Layer.provideMerge(foundation(TestDatabase(options.database))),
    // Nothing without OTEL_EXPORTER_OTLP_ENDPOINT in `env`.
    Layer.provide(OtlpLive),
    Layer.provide(Layer.succeed(AppConfig, testConfig(options.config))),
    Layer.provide(
      Layer.setConfigProvider(
        ConfigProvider.fromMap(new Map(Object.entries({ ...readOwnWrites, ...options.env }))),
      ),
    ),
  )

export const describeApp = (options: TestAppOptions = {}) => describeWith(TestApp(options))

/** Runs every background job that is due, as the worker would. */
export const runJobs = runDueJobs(jobKinds)

/**
 * Waits until every projection and reaction has processed everything committed so far, including what
 * reactions append along the way.
 */
export const settle = Effect.gen(function* () {
  const names = [
    ...reactions.map((reaction) => reaction.name),
    ...projections.map(projectionSubscriptionName),
  ]
  // The last committed event, not the store's head: the head stops short of events committed while an
  // older transaction is still open, and waiting for it alone would return before they are handled.
  const { lastCommitted } = yield* EventStore
  let head = yield* lastCommitted
  // Bounded, so that a test whose events never stop coming fails saying so.
  for (let round = 0; round < 50; round++) {
    // Together: each subscription keeps its own pace, and waiting for them one after the other adds
    // their waits up.
    const behind = yield* Effect.filter(
      names,
      (name) => Effect.map(awaitPosition(name, head, "10 seconds"), (reached) => !reached),
      { concurrency: "unbounded" },
    )
    if (behind.length > 0)
      return yield* Effect.die(new Error(`${behind.join(", ")} did not catch up`))
    const next = yield* lastCommitted
    if (Position.compare(next, head) === 0) return
    head = next
  }
  return yield* Effect.die(new Error("events kept coming: settle gave up after 50 rounds"))
}).pipe(Effect.orDie)

export { eventCount } from "./testing-endpoints.ts"
export { type Answer, answerOf, browser, postJson, request, serverUrl } from "./testing-http.ts"

let people = 0

/** A person's credits once every reaction has caught up (grants, debits, refunds). */
export const balanceOf = (person: ReturnType<typeof browser>) =>
  Effect.flatMap(settle, () =>
    Effect.flatMap(clientOf(person), (api) =>
      Effect.map(api.creditLedger.credits(), (view) => view.credits),
    ),
  ).pipe(Effect.orDie)

/** A new account, signed in, its address not verified: its browser, and the user as the server describes it. */
export const signUpUnverified = (prefix = "person", email?: string) =>
  Effect.gen(function* () {
    people += 1
    const id = `${Date.now().toString(36)}${people}`
    const person = browser()
    const { user } = yield* Effect.flatMap(clientOf(person), (api) =>
      api.identity.register({
        payload: {
          username: `${prefix}_${id}`,
          email: email ?? `${prefix}_${id}@example.com`,
          password: "secret-password",
          name: "Test Person",
          acceptTerms: true,
        },
      }),
    ).pipe(Effect.orDieWith((error) => new Error(`sign-up failed: ${String(error)}`)))
    return { person, user }
  })

/** Follows the verification link mailed to this address, from the development mailbox. */
export const verifyAddress = (email: string) =>
  Effect.gen(function* () {
    yield* runDueJobs([sendVerification, deliverMail])
    const api = yield* clientOf()
    const mailbox = yield* Effect.orDie(api.identity.mailbox())
    const link = mailbox.messages
      .find((message) => message.to === email)
      ?.links.find((l) => l.includes("/verify-email?token="))
    const token = link === undefined ? null : new URL(link).searchParams.get("token")
    if (token === null) return yield* Effect.die(new Error(`no verification mail to ${email}`))
    yield* api.identity
      .verifyEmail({ urlParams: { token } })
      .pipe(Effect.orDieWith((error) => new Error(`verify failed: ${String(error)}`)))
  })

/**
 * A new account, signed in, with its address verified (as anyone who makes songs has it): its browser, and
 * the user as the server describes it.
 */
export const signUp = (prefix = "person", email?: string) =>
  Effect.tap(signUpUnverified(prefix, email), ({ user }) => verifyAddress(user.email))

/**
 * A new account with the configured administrator's address (ADMIN_EMAIL), signed in, with the address
 * verified from the development mailbox: only a verified address gets the role.
 */
export const signUpAdmin = (prefix: string, email: string) => signUp(prefix, email)

/** A new verified account made an administrator from the command line, as a second admin is. */
export const signUpGrantedAdmin = (prefix: string) =>
  Effect.tap(signUp(prefix), ({ user }) =>
    Effect.flatMap(Identity, (identity) => identity.grantAdmin(user.email, "command line")),
  )
