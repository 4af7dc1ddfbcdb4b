import { Args, Command, Options, ValidationError } from "@effect/cli"
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Data, Duration, Effect, Layer } from "effect"
import { Billing } from "#modules/billing/index.ts"
import { Identity } from "#modules/identity/index.ts"
import { creditLedger } from "#projections/credit-ledger/projection.ts"
import { bringUpToDate, projectionStatus, rebuildProjection } from "#projections/runner.ts"
import { now } from "#toolkit/clock.ts"
import { backupCommand, restoreCommand, verifyMediaCommand } from "./cli-backup.ts"
import { reconcileCommand } from "./cli-reconcile.ts"
import { logLevelConfig } from "./config.ts"
import { loadEnvFile } from "./env-file.ts"
import { ToolsLive } from "./layers.ts"
import { loggerLayer } from "./logger.ts"
import { projections } from "./projections.ts"

loadEnvFile()

/**
 * Operator commands, on the same configuration as the server:
 *   npm run cli -- migrate | status | rebuild <projection> | grant-admin <username-or-email>
 *                  | audit | renew-subscriptions [--force] | reconcile --from DATE --to DATE [--csv]
 *                  | backup <folder> | restore <folder> | verify-media
 */

/** A mistake of the operator's: said plainly on stderr, exit code 1. */
class Refused extends Data.TaggedError("Refused")<{ readonly message: string }> {}
const refuse = (message: string) => Effect.fail(new Refused({ message }))

const migrate = Command.make("migrate", {}, () => Console.log("Database is at the code's version."))

const status = Command.make("status", {}, () =>
  Effect.gen(function* () {
    const statuses = yield* projectionStatus(projections)
    yield* Console.log("projection            status    behind   lag ms  dead letters  last error")
    for (const s of statuses) {
      yield* Console.log(
        [
          s.projection.padEnd(21),
          s.status.padEnd(9),
          String(s.behind).padStart(6),
          String(Math.round(s.lagMs)).padStart(8),
          String(s.deadLetters).padStart(13),
          ` ${s.lastError?.split("\n")[0] ?? "-"}`,
        ].join(" "),
      )
    }
  }),
)

const rebuild = Command.make(
  "rebuild",
  {
    name: Args.text({ name: "projection" }).pipe(Args.withDescription("the projection to rebuild")),
  },
  ({ name }) =>
    Effect.gen(function* () {
      const projection = projections.find((p) => p.name === name)
      if (!projection) {
        return yield* refuse(
          `No projection named "${name}". Known: ${projections.map((p) => p.name).join(", ")}`,
        )
      }
      const [took] = yield* Effect.timed(rebuildProjection(projection))
      yield* Console.log(`Rebuilt ${name} in ${(Duration.toMillis(took) / 1000).toFixed(1)} s.`)
    }),
)

const grantAdmin = Command.make(
  "grant-admin",
  {
    account: Args.text({ name: "username-or-email" }).pipe(
      Args.withDescription("the account to make an administrator"),
    ),
  },
  ({ account }) =>
    Effect.gen(function* () {
      const identity = yield* Identity
      const user = yield* identity.grantAdmin(account, "command line")
      if (user === undefined) return yield* refuse(`No account "${account}".`)
      yield* Console.log(`${user.username} (${user.email}) is an administrator.`)
    }),
)

/** Finance's check: every balance recomputed from the events; any difference fails the command. */
const audit = Command.make("audit", {}, () =>
  Effect.gen(function* () {
    const billing = yield* Billing
    yield* bringUpToDate(creditLedger)
    const report = yield* billing.audit
    for (const d of report.differences) {
      yield* Console.error(
        `user ${d.userId}: events say ${d.events} credits, the credit ledger says ${d.projection}`,
      )
    }
    for (const b of report.breaks) {
      yield* Console.error(
        `user ${b.userId}: event ${b.eventId} records a balance of ${b.recorded}, its amounts add up to ${b.computed}`,
      )
    }
    const problems = report.differences.length + report.breaks.length
    if (problems > 0) {
      return yield* refuse(`Audit found ${problems} difference(s) in ${report.accounts} accounts.`)
    }
    yield* Console.log(`Audited ${report.accounts} accounts: every balance matches its events.`)
  }),
)

const renewSubscriptions = Command.make(
  "renew-subscriptions",
  {
    force: Options.boolean("force").pipe(
      Options.withDescription("renew every active test-mode subscription now, due or not"),
    ),
  },
  ({ force }) =>
    Effect.gen(function* () {
      const billing = yield* Billing
      const { renewed, ended } = yield* billing.renewOfflineSubscriptions({
        now: yield* now,
        force,
      })
      yield* Console.log(`Renewed ${renewed} test-mode subscription(s); ${ended} ended.`)
    }),
)

const melody = Command.make("melody").pipe(
  Command.withSubcommands([
    migrate,
    status,
    rebuild,
    grantAdmin,
    audit,
    renewSubscriptions,
    reconcileCommand(refuse),
    backupCommand(refuse),
    restoreCommand(refuse),
    verifyMediaCommand(refuse),
  ]),
)

const cli = Command.run(melody, { name: "Melody Studio", version: "0.1.0" })

cli(process.argv).pipe(
  Effect.provide(ToolsLive),
  Effect.tapErrorCause((cause) => {
    const failure = Cause.failureOption(cause)
    if (failure._tag === "Some" && failure.value instanceof Refused)
      return Console.error(failure.value.message)
    // @effect/cli has already printed what was wrong with the command line.
    if (failure._tag === "Some" && ValidationError.isValidationError(failure.value))
      return Effect.void
    return Effect.logError("Command failed", cause)
  }),
  Effect.provide(
    Layer.merge(
      NodeContext.layer,
      Layer.unwrapEffect(Effect.map(logLevelConfig("warn"), loggerLayer)),
    ),
  ),
  NodeRuntime.runMain({ disablePrettyLogger: true, disableErrorReporting: true }),
)
