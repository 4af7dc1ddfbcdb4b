import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Effect, FiberRef } from "effect"
import { actorOf, CurrentViewer } from "#api/auth.ts"
import { Actors } from "#events/contracts/actor.ts"
import { currentCallerOnThisMachine, currentClientAddress } from "#events/request-context.ts"
import { scrubUrl } from "#events/scrub.ts"
import { Identity } from "#modules/identity/index.ts"
import { projectionStatus } from "#projections/runner.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { Health, MelodyApi, ProjectionHealth, ServiceUnavailable, SiteInfo } from "../api.ts"
import { AppConfig } from "../config.ts"
import { exposureWarnings, mailboxMayAnswer } from "../exposure.ts"
import { projections } from "../projections.ts"
import { browserStacks } from "./browser-stacks.ts"

const laggingMs = 60_000
const clientErrorsPerAddress = { max: 30, per: "10 minutes" } as const

export const SystemHttpLive = HttpApiBuilder.group(MelodyApi, "system", (handlers) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const reports = yield* ErrorReports
    const config = yield* AppConfig
    const identity = yield* Identity
    const limiter = yield* RateLimiter
    const warnings = exposureWarnings(config, identity.mailbox !== undefined)
    const mailboxAnswers = identity.mailbox !== undefined && mailboxMayAnswer(config)
    const sourceStack = browserStacks(config.webSourceMaps)

    const databaseLatency = Effect.gen(function* () {
      const started = performance.now()
      yield* sql`select 1`.pipe(Effect.timeout("2 seconds"))
      return Math.round((performance.now() - started) * 100) / 100
    }).pipe(
      Effect.catchAll(() => new ServiceUnavailable({ message: "The database does not answer." })),
    )

    return handlers
      .handle("health", ({ urlParams }) =>
        Effect.gen(function* () {
          const latencyMs = yield* databaseLatency
          const statuses =
            urlParams.projections === false ? [] : yield* projectionStatus(projections)
          const healthy = statuses.every((s) => s.status === "running" && s.lagMs < laggingMs)
          return new Health({
            status: healthy ? "ok" : "degraded",
            database: { ok: true, latencyMs },
            projections: statuses.map(
              (s) =>
                new ProjectionHealth({
                  name: s.projection,
                  status: s.status,
                  behind: s.behind,
                  lagMs: s.lagMs,
                  deadLetters: s.deadLetters,
                  lastError: s.lastError,
                }),
            ),
            warnings,
          })
        }),
      )
      .handle("site", () =>
        Effect.map(
          FiberRef.get(currentCallerOnThisMachine),
          (onThisMachine) =>
            new SiteInfo({
              contactEmail: config.contactEmail,
              // Only a caller the mailbox answers is shown the way to it.
              devMailbox: mailboxAnswers && onThisMachine,
            }),
        ),
      )
      .handle("reportClientError", ({ payload }) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const viewer = yield* CurrentViewer
          // A broken page can report in a loop: a browser gets a share of the stream, not all of it.
          const address = yield* FiberRef.get(currentClientAddress)
          yield* limiter.hit(`client-errors:${address}`, clientErrorsPerAddress)
          const stack = payload.stack === undefined ? undefined : yield* sourceStack(payload.stack)
          yield* reports.record({
            source: "client",
            actor: viewer ? actorOf(viewer) : Actors.anonymous,
            message: payload.message,
            stack,
            context: {
              ...payload.context,
              // As the browser sent it, where the source's places replaced the built ones.
              ...(stack === payload.stack ? {} : { builtStack: payload.stack }),
              url: payload.url === undefined ? undefined : scrubUrl(payload.url),
              userAgent: request.headers["user-agent"],
            },
          })
        }),
      )
  }),
)
