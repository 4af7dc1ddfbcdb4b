import { Args, Command, ValidationError } from "@effect/cli"
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Data, Effect, Layer } from "effect"
import { Identity } from "#modules/identity/index.ts"
import { projectionStatus, rebuildProjection } from "#projections/runner.ts"
import { loadEnvFile } from "./env-file.ts"
import { ToolsLive } from "./layers.ts"
import { loggerLayer } from "./logger.ts"
import { projections } from "./projections.ts"

loadEnvFile()

/**
 * Operator commands, on the same configuration as the server:
 *   npm run cli -- migrate | status | rebuild <projection> | grant-admin <username-or-email>
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
      const started = Date.now()
      yield* rebuildProjection(projection)
      yield* Console.log(`Rebuilt ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
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

const melody = Command.make("melody").pipe(
  Command.withSubcommands([migrate, status, rebuild, grantAdmin]),
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
  Effect.provide(Layer.merge(NodeContext.layer, loggerLayer(process.env.LOG_LEVEL ?? "warn"))),
  NodeRuntime.runMain({ disablePrettyLogger: true, disableErrorReporting: true }),
)
