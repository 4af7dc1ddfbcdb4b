import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { AppLive, LoggingLive } from "./layers.ts"

Layer.launch(AppLive).pipe(
  Effect.tapErrorCause((cause) => Effect.logFatal("Melody Studio could not start", cause)),
  Effect.provide(LoggingLive),
  NodeRuntime.runMain({ disablePrettyLogger: true }),
)
