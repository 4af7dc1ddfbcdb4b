import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { moduleApi } from "#api/id.ts"
import { NotFound } from "#api/refusals.ts"
import { scrub } from "#events/scrub.ts"
import { EventStore } from "#events/store/index.ts"
import { findRegisteredUsers, readActivities } from "./admin-activity.ts"
import {
  AdminApi,
  ErrorLog,
  ErrorLogs,
  Interaction,
  Interactions,
  StoredEvent,
  StreamEvents,
  UserMatch,
} from "./api.ts"
import { readErrors } from "./error-stream.ts"

const listQuery = (params: {
  readonly limit: number
  readonly offset: number
  readonly userId?: string
  readonly type?: string
  readonly from?: Date
  readonly to?: Date
}) => ({ ...params, kind: params.type })

export const AdminHttpLive = HttpApiBuilder.group(moduleApi(AdminApi), "admin", (handlers) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    return handlers
      .handle("interactions", ({ urlParams }) =>
        Effect.map(
          readActivities(listQuery(urlParams)),
          ({ rows, total }) =>
            new Interactions({ items: rows.map((row) => new Interaction(row)), total }),
        ),
      )
      .handle("errors", ({ urlParams }) =>
        Effect.map(
          readErrors(listQuery(urlParams)),
          ({ rows, total }) =>
            new ErrorLogs({ items: rows.map((row) => new ErrorLog(row)), total }),
        ),
      )
      .handle("stream", ({ path }) =>
        Effect.gen(function* () {
          const events = yield* store.readStream(path.streamId)
          if (events.length === 0) {
            return yield* new NotFound({ message: `No events on stream ${path.streamId}.` })
          }
          return new StreamEvents({
            streamId: path.streamId,
            events: events.map(
              (event) =>
                new StoredEvent({
                  streamVersion: event.streamVersion,
                  globalPosition: event.globalPosition,
                  eventId: event.eventId,
                  type: event.type,
                  schemaVersion: event.schemaVersion,
                  data: scrub(event.data),
                  metadata: scrub(event.metadata),
                  recordedAt: event.recordedAt,
                }),
            ),
          })
        }),
      )
      .handle("users", ({ urlParams }) =>
        Effect.map(findRegisteredUsers(urlParams.query), (users) =>
          users.map((user) => new UserMatch(user)),
        ),
      )
  }),
)
