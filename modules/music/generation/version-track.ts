import { Effect } from "effect"
import { loadAggregate } from "#events/decider.ts"
import { generationOfVersion } from "../makers/music-maker.ts"
import { streamOf } from "./generation-decider.ts"

/** The generation a version came from, as its stream stands now; none for a version no maker made. */
export const generationOf = (versionId: string) =>
  Effect.gen(function* () {
    const ids = generationOfVersion(versionId)
    if (!ids) return undefined
    const { state } = yield* loadAggregate(streamOf(ids.generationId)).pipe(Effect.orDie)
    return state._tag === "None" ? undefined : { ...ids, state }
  })

type Generation = NonNullable<Effect.Effect.Success<ReturnType<typeof generationOf>>>

/**
 * The music API's task and track behind a version it finished: what its later requests (a separation, a
 * persona) name. None for a version it did not make or has not finished.
 */
export const musicApiTrackOf = ({ state, index }: Generation) => {
  if (state._tag !== "Succeeded" || !state.makerTaskId) return undefined
  const audioId = state.versions.find((version) => version.index === index)?.makerTrackId
  return audioId ? { taskId: state.makerTaskId, audioId } : undefined
}
