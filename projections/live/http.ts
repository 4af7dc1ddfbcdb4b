import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser, sessionCookieName } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import type { Position } from "#events/store/index.ts"
import { LiveApi } from "./api.ts"
import { LiveStreams } from "./live-streams.ts"

/** The id the browser sends back after a reconnect: a position as `Position.format` wrote it. */
const positionOf = (lastEventId: string | undefined): Position | undefined => {
  const parts = /^(\d{1,20}):(\d{1,15})$/.exec(lastEventId ?? "")
  return parts ? { transactionId: parts[1]!, globalPosition: Number(parts[2]) } : undefined
}

/** One Server-Sent Events stream per signed-in page (live-streams.ts), sent as it is written. */
export const LiveHttpLive = HttpApiBuilder.group(moduleApi(LiveApi), "live", (handlers) =>
  Effect.map(LiveStreams, (streams) =>
    handlers.handle("events", () =>
      Effect.gen(function* () {
        const user = yield* CurrentUser
        const request = yield* HttpServerRequest.HttpServerRequest
        // Authenticated has read this cookie: the session is the one the user was found by.
        const sessionId = request.cookies[sessionCookieName] ?? ""
        const body = yield* streams.open(
          { userId: user.userId, sessionId },
          positionOf(request.headers["last-event-id"]),
        )
        return HttpServerResponse.raw(body, {
          contentType: "text/event-stream",
          headers: {
            "cache-control": "private, no-store, no-transform",
            "x-accel-buffering": "no",
          },
        })
      }),
    ),
  ),
)
