import { Actors } from "../contracts/actor.ts"
import type { ErrorFacts } from "./error-stream.ts"
import type { RecordedEvent } from "./recorded-event.ts"

/** A dead letter as an error admins see: what it is, and the metadata of its report. */
export const poisonReport = (
  subscription: string,
  event: RecordedEvent,
  error: string,
  action: "paused" | "skipped",
) => {
  const facts: ErrorFacts = {
    source: "subscription",
    userId: null,
    message: `${subscription} ${action} event ${event.type} ${event.eventId}`,
    stack: error,
    context: {
      subscription,
      action,
      eventId: event.eventId,
      eventType: event.type,
      streamId: event.streamId,
      globalPosition: event.globalPosition,
    },
  }
  const metadata = {
    actor: Actors.system("subscriptions"),
    correlationId: event.eventId,
    causationId: event.eventId,
  }
  return { facts, metadata }
}
