import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { withMessage } from "#api/messages.ts"
import { NotFound } from "#api/refusals.ts"

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

const choice = (name: string) =>
  Schema.optional(withMessage(Schema.Boolean, `${name} must be true or false`))

/** Which mails a person gets: a finished song of theirs, a reply to their comment. */
export class EmailChoicesAnswer extends Schema.Class<EmailChoicesAnswer>("EmailChoicesAnswer")({
  songFinished: Schema.Boolean,
  replies: Schema.Boolean,
}) {}

export const EmailChoicesPayload = Schema.Struct({
  songFinished: choice("songFinished"),
  replies: choice("replies"),
})

const notValid = "This unsubscribe link is not valid."

export const UnsubscribeParams = Schema.Struct({
  token: Schema.propertySignature(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)).annotations({
      message: () => notValid,
    }),
  ).annotations({ missingMessage: () => notValid }),
})

/** What a mail client sends with a one-click unsubscribe (RFC 8058), as a form; the page sends the same. */
export const OneClickPayload = HttpApiSchema.withEncoding(
  Schema.Struct({ "List-Unsubscribe": Schema.optional(Schema.String) }),
  { kind: "UrlParams" },
)

export class Unsubscribed extends Schema.Class<Unsubscribed>("Unsubscribed")({
  message: Schema.String,
}) {}

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
  .add(
    HttpApiEndpoint.get("emailChoices", "/notifications/email")
      .addSuccess(EmailChoicesAnswer)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.put("chooseEmail", "/notifications/email")
      .setPayload(EmailChoicesPayload)
      .addSuccess(EmailChoicesAnswer)
      .middleware(Authenticated),
  )
  // A mail's one-click unsubscribe (RFC 8058): its token is the only key, no session is asked for.
  .add(
    HttpApiEndpoint.post("unsubscribe", "/unsubscribe")
      .setUrlParams(UnsubscribeParams)
      .setPayload(OneClickPayload)
      .addSuccess(Unsubscribed)
      .addError(NotFound),
  )
  .annotate(
    OpenApi.Description,
    "Marking one's own notifications read, choosing which mails one gets, and a mail's unsubscribe link.",
  ) {}
