import { Schema } from "effect"
import { Actor } from "./actor.ts"

/**
 * Stored with every event. The correlation id ties together everything one request or job caused;
 * the causation id names the event or command that directly caused this one.
 */
export const EventMetadata = Schema.Struct({
  actor: Actor,
  correlationId: Schema.String,
  causationId: Schema.optional(Schema.String),
  requestId: Schema.optional(Schema.String),
})
export type EventMetadata = typeof EventMetadata.Type
