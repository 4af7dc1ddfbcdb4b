import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { loadAggregate } from "#events/decider.ts"
import type { EventStore } from "#events/store/index.ts"
import type { StemsUnavailable } from "../api.ts"
import { streamOf } from "../generation/generation-decider.ts"
import { engineSeedOf, makeEngineRequests } from "../makers/engine-request.ts"
import { generationOfVersion } from "../makers/music-maker.ts"
import type { PlayedRequest } from "../ports.ts"
import { unavailable } from "./stems-source.ts"

/**
 * What the engine plays again for a version's stems: the version's own request with its seed and, for a
 * song joined from two takes, its source's, down to the song first played whole. A source that can no
 * longer be read (deleted since) leaves the song without stems.
 */
export const makeStemsRequests = Effect.gen(function* () {
  const requestOf = yield* makeEngineRequests

  const requestFor = (
    versionId: string,
  ): Effect.Effect<PlayedRequest, StemsUnavailable, EventStore | SqlClient.SqlClient> =>
    Effect.gen(function* () {
      const ids = generationOfVersion(versionId)
      if (!ids) return yield* unavailable
      const { state } = yield* loadAggregate(streamOf(ids.generationId)).pipe(Effect.orDie)
      if (state._tag === "None" || state.request.maker !== "engine") return yield* unavailable
      const request = yield* requestOf(state).pipe(Effect.catchTag("StepFailed", () => unavailable))
      const played: PlayedRequest = { ...request, seed: engineSeedOf(ids.generationId, ids.index) }
      const { operation } = played
      const from = state.request.operation
      if (from && (operation?.kind === "extend" || operation?.kind === "replace-section"))
        return {
          ...played,
          operation: { ...operation, sourceRequest: yield* requestFor(from.versionId) },
        }
      return played
    })

  return requestFor
})
