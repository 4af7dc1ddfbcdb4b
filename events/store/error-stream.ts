import { v7 as uuidv7 } from "uuid"
import { ErrorReported, type ErrorSource, errorStreamId } from "../contracts/errors.ts"
import type { EventMetadata } from "../contracts/metadata.ts"
import { scrub, scrubText } from "../scrub.ts"
import type { EventStore } from "./event-store.ts"
import { toNewEvent } from "./recorded-event.ts"

/** What went wrong, as its reporter tells it, before anything secret is scrubbed from it. */
export interface ErrorFacts {
  readonly source: ErrorSource
  readonly userId: string | null
  readonly message: string
  readonly stack?: string | undefined
  readonly context?: Record<string, unknown> | undefined
}

const encodeReport = toNewEvent(ErrorReported)

/**
 * The error stream's one writer: the report scrubbed of anything secret and cut to size, appended to its
 * day's stream, which is a log (whatever came before it). Within the caller's transaction when it has
 * one, as a dead letter's report is.
 */
export const appendErrorReport = (
  store: EventStore["Type"],
  facts: ErrorFacts,
  metadata: EventMetadata,
  at: Date,
) => {
  const errorId = uuidv7()
  const report = new ErrorReported({
    errorId,
    source: facts.source,
    userId: facts.userId,
    message: scrubText(facts.message).slice(0, 2000),
    stack: facts.stack === undefined ? null : scrubText(facts.stack).slice(0, 20_000),
    context: scrub(facts.context ?? {}) as Record<string, unknown>,
  })
  return store.append(errorStreamId(at), "any", [encodeReport(report, metadata, errorId)])
}
