import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { loadEnvFile } from "./env-file.ts"
import { AppLive, LoggingLive } from "./layers.ts"

loadEnvFile()

Layer.launch(AppLive).pipe(
  Effect.tapErrorCause((cause) => Effect.logFatal("Melody Studio could not start", cause)),
  Effect.provide(LoggingLive),
  NodeRuntime.runMain({ disablePrettyLogger: true }),
)
