import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { moduleApi } from "#api/id.ts"
import { ModerationQueueApi } from "./api.ts"
import { ModerationQueue } from "./reads.ts"

export const ModerationQueueHttpLive = HttpApiBuilder.group(
  moduleApi(ModerationQueueApi),
  "moderationQueue",
  (handlers) =>
    Effect.gen(function* () {
      const queue = yield* ModerationQueue
      return handlers
        .handle("reports", ({ urlParams }) => queue.reports(urlParams))
        .handle("appeals", () => queue.appeals)
        .handle("suspensions", () => queue.suspensions)
    }),
)
