import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { NotFound } from "#events/contracts/http-errors.ts"
import { scrub } from "#events/scrub.ts"
import { EventStore } from "#events/store/index.ts"
import { findRegisteredUsers, readActivities } from "#projections/admin-activity.ts"
import { readErrors } from "#projections/error-stream.ts"
import { type ProjectionStatus, projectionStatus, resetProjection } from "#projections/runner.ts"
import {
  ErrorLog,
  ErrorLogs,
  Interaction,
  Interactions,
  ProjectionState,
  StoredEvent,
  StreamEvents,
  UserMatch,
} from "../admin-api.ts"
import { MelodyApi } from "../api.ts"
import { projections } from "../projections.ts"

const stateOf = (status: ProjectionStatus) =>
  new ProjectionState({
    name: status.projection,
    version: status.version,
    status: status.status,
    position: status.position.globalPosition,
    behind: status.behind,
    lagMs: status.lagMs,
    deadLetters: status.deadLetters,
    lastError: status.lastError,
    lastErrorAt: status.lastErrorAt,
  })

const listQuery = (params: {
  readonly limit: number
  readonly offset: number
  readonly userId?: string
  readonly type?: string
  readonly from?: Date
  readonly to?: Date
}) => ({ ...params, kind: params.type })

export const AdminHttpLive = HttpApiBuilder.group(MelodyApi, "admin", (handlers) =>
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
      .handle("projections", () =>
        Effect.map(projectionStatus(projections), (statuses) => statuses.map(stateOf)).pipe(
          Effect.orDie,
        ),
      )
      .handle("rebuildProjection", ({ path }) =>
        Effect.gen(function* () {
          const projection = projections.find((p) => p.name === path.name)
          if (!projection) {
            return yield* new NotFound({ message: `There is no projection ${path.name}.` })
          }
          yield* Effect.logWarning("Projection rebuild asked by an admin", projection.name)
          yield* resetProjection(projection).pipe(Effect.orDie)
          const [status] = yield* projectionStatus([projection]).pipe(Effect.orDie)
          return stateOf(status!)
        }),
      )
      .handle("users", ({ urlParams }) =>
        Effect.map(findRegisteredUsers(urlParams.query), (users) =>
          users.map((user) => new UserMatch(user)),
        ),
      )
  }),
)
