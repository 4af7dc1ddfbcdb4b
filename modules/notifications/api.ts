import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { withMessage } from "#api/messages.ts"

/** A notification's id: the place in the global order of what it tells of. */
const NotificationId = withMessage(
  Schema.Int.pipe(Schema.between(1, Number.MAX_SAFE_INTEGER)),
  "A notification's id is a whole number above zero",
)

export const ReadAllPayload = Schema.Struct({ through: NotificationId })

export const NotificationPath = Schema.Struct({
  id: withMessage(
    Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, Number.MAX_SAFE_INTEGER)),
    "A notification's id is a whole number above zero",
  ),
})

/** Marking one's own notifications read: all through the newest one seen, or one. */
export class NotificationReadingApi extends HttpApiGroup.make("notificationReading")
  .add(
    HttpApiEndpoint.post("readAll", "/notifications/read")
      .setPayload(ReadAllPayload)
      .addSuccess(HttpApiSchema.NoContent)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("readOne", "/notifications/:id/read")
      .setPath(NotificationPath)
      .addSuccess(HttpApiSchema.NoContent)
      .middleware(Authenticated),
  )
  .annotate(OpenApi.Description, "Marking one's own notifications read.") {}
