import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { NotFound } from "#api/refusals.ts"
import { type ProjectionStatus, projectionStatus, resetProjection } from "#projections/runner.ts"
import { MelodyApi } from "../api.ts"
import { ProjectionState } from "../operations-api.ts"
import { projections } from "../projections.ts"

const stateOf = (status: ProjectionStatus) =>
  new ProjectionState({
    name: status.projection,
    revision: status.revision,
    status: status.status,
    position: status.position.globalPosition,
    behind: status.behind,
    lagMs: status.lagMs,
    deadLetters: status.deadLetters,
    lastError: status.lastError,
    lastErrorAt: status.lastErrorAt,
  })

export const OperationsHttpLive = HttpApiBuilder.group(MelodyApi, "operations", (handlers) =>
  Effect.succeed(
    handlers
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
      ),
  ),
)
