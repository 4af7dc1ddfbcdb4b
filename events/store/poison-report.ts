import { v7 as uuidv7 } from "uuid"
import { Actors } from "../contracts/actor.ts"
import { ErrorReported } from "../contracts/errors.ts"
import { scrubText } from "../scrub.ts"
import type { RecordedEvent } from "./recorded-event.ts"
import { toNewEvent } from "./recorded-event.ts"

const encodeReport = toNewEvent(ErrorReported)

/** A dead letter as an error admins see, scrubbed like every error report. */
export const poisonReport = (
  subscription: string,
  event: RecordedEvent,
  error: string,
  action: "paused" | "skipped",
) => {
  const errorId = uuidv7()
  const report = new ErrorReported({
    errorId,
    source: "subscription",
    userId: null,
    message: scrubText(`${subscription} ${action} event ${event.type} ${event.eventId}`),
    stack: scrubText(error),
    context: {
      subscription,
      action,
      eventId: event.eventId,
      eventType: event.type,
      streamId: event.streamId,
      globalPosition: event.globalPosition,
    },
  })
  const metadata = {
    actor: Actors.system("subscriptions"),
    correlationId: event.eventId,
    causationId: event.eventId,
  }
  return encodeReport(report, metadata, errorId)
}
