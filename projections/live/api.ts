import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"

/**
 * A notice as the stream sends it (each message's data, as JSON): one of the person's generations or
 * video exports, their credits, or their notifications changed. It carries ids only; the page reads what
 * it shows.
 */
export const LiveNotice = Schema.Union(
  Schema.Struct({ kind: Schema.Literal("generation", "video"), id: Schema.String }),
  Schema.Struct({ kind: Schema.Literal("credits", "notifications") }),
)
export type LiveNotice = typeof LiveNotice.Type

/** The process holds as many live streams as it may (LIVE_STREAMS_PER_PROCESS); pages poll instead. */
export class LiveStreamsFull extends Schema.TaggedError<LiveStreamsFull>()(
  "LiveStreamsFull",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 503 }),
) {}

export class LiveApi extends HttpApiGroup.make("live")
  .add(
    HttpApiEndpoint.get("events", "/events")
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "text/event-stream" }))
      .addError(LiveStreamsFull)
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "Server-Sent Events for a signed-in page: `generation`, `video` or `credits` notices with ids, as the events happen; `Last-Event-ID` resumes after a reconnect, and `reset` says to read everything again. A person keeps up to 6 streams: a newer one ends the oldest with `replaced` (do not reconnect). A stream ends when its session does.",
  ) {}
