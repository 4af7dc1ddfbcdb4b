import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { NotificationReadsApi } from "./api.ts"
import { NotificationReads } from "./reads.ts"

export const NotificationReadsHttpLive = HttpApiBuilder.group(
  moduleApi(NotificationReadsApi),
  "notificationReads",
  (handlers) =>
    Effect.gen(function* () {
      const reads = yield* NotificationReads
      return handlers
        .handle("notifications", ({ urlParams }) =>
          Effect.flatMap(CurrentUser, (user) => reads.page(user.userId, urlParams)),
        )
        .handle("unread", () => Effect.flatMap(CurrentUser, (user) => reads.unread(user.userId)))
    }),
)
