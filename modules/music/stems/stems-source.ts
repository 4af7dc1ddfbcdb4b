import { Effect } from "effect"
import { NotFound } from "#api/refusals.ts"
import { StemsEvent, stemsStream } from "#events/contracts/stems.ts"
import { loadAggregate } from "#events/decider.ts"
import { StemsUnavailable } from "../api.ts"
import { generationOf, musicApiTrackOf } from "../generation/version-track.ts"
import { stems } from "./stems-decider.ts"

export const songNotFound = new NotFound({ message: "This song does not exist, or it is private." })
export const unavailable = new StemsUnavailable({
  message:
    "This song has no stems: they are made from songs the offline engine or the music service made, and this one was made another way.",
})

/** A version's stems stream: what its commands run on. */
export const stemsOf = (versionId: string) => ({
  decider: stems,
  events: StemsEvent,
  streamId: stemsStream(versionId),
})

export const stemsState = (versionId: string) =>
  Effect.map(loadAggregate(stemsOf(versionId)), ({ state }) => state).pipe(Effect.orDie)

/**
 * How a version can be taken apart: the engine plays again any song it made (stems-requests.ts); the
 * music API separates any track it made, by its task and track.
 */
export const stemsSource = (versionId: string | null) =>
  Effect.gen(function* () {
    const generation = versionId ? yield* generationOf(versionId) : undefined
    if (!generation || !versionId) return yield* unavailable
    const { generationId, index } = generation
    const { maker, title } = generation.state.request
    if (maker === "engine") return { maker, versionId, generationId, index, title } as const
    const track = musicApiTrackOf(generation)
    if (!track) return yield* unavailable
    return { maker, generationId, index, title, ...track } as const
  })
