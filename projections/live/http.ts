import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Stream } from "effect"
import { moduleApi } from "#events/contracts/api-id.ts"
import { CurrentUser } from "#events/contracts/auth.ts"
import { Position } from "#events/store/index.ts"
import { LiveApi } from "./api.ts"
import { LiveFeed, type Sent } from "./live-feed.ts"

/** The id the browser sends back after a reconnect: a position as `Position.format` wrote it. */
const positionOf = (lastEventId: string | undefined): Position | undefined => {
  const parts = /^(\d{1,20}):(\d{1,15})$/.exec(lastEventId ?? "")
  return parts ? { transactionId: parts[1]!, globalPosition: Number(parts[2]) } : undefined
}

const message = (sent: Sent | null) =>
  sent === null
    ? "event: reset\ndata: {}\n\n"
    : `id: ${Position.format(sent.position)}\ndata: ${JSON.stringify(sent.notice)}\n\n`

/**
 * One Server-Sent Events stream per signed-in page: its person's notices as they happen, a comment every
 * 15 s so proxies keep it open, and a reconnect after 3 s when it drops (the browser resumes it with
 * Last-Event-ID).
 */
export const LiveHttpLive = HttpApiBuilder.group(moduleApi(LiveApi), "live", (handlers) =>
  Effect.map(LiveFeed, (feed) =>
    handlers.handle("events", () =>
      Effect.gen(function* () {
        const user = yield* CurrentUser
        const request = yield* HttpServerRequest.HttpServerRequest
        const notices = feed
          .follow(user.userId, positionOf(request.headers["last-event-id"]))
          .pipe(Stream.map(message))
        const heartbeat = Stream.tick("15 seconds").pipe(Stream.map(() => ": still here\n\n"))
        const body = Stream.concat(
          Stream.make("retry: 3000\n\n"),
          Stream.merge(notices, heartbeat, { haltStrategy: "either" }),
        ).pipe(Stream.encodeText)
        return HttpServerResponse.stream(body, {
          contentType: "text/event-stream",
          headers: { "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
        })
      }),
    ),
  ),
)
