import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Authenticated } from "#events/contracts/auth.ts"

export class LiveApi extends HttpApiGroup.make("live")
  .add(
    HttpApiEndpoint.get("events", "/events")
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "text/event-stream" }))
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "Server-Sent Events for a signed-in page: `generation`, `video` or `credits` notices with ids, as the events happen; `Last-Event-ID` resumes after a reconnect, and `reset` says to read everything again.",
  ) {}
