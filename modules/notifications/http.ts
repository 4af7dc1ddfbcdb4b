import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { NotificationReadingApi } from "./api.ts"
import { NotificationReadings } from "./readings.ts"

export const NotificationReadingHttpLive = HttpApiBuilder.group(
  moduleApi(NotificationReadingApi),
  "notificationReading",
  (handlers) =>
    Effect.gen(function* () {
      const readings = yield* NotificationReadings
      return handlers
        .handle("readAll", ({ payload }) =>
          Effect.flatMap(CurrentUser, (user) => readings.readAll(user, payload.through)),
        )
        .handle("readOne", ({ path }) =>
          Effect.flatMap(CurrentUser, (user) => readings.readOne(user, path.id)),
        )
    }),
)
