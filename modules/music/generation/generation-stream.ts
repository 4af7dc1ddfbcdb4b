import { GenerationEvent, mediaStreams } from "#events/contracts/media.ts"
import { generation } from "./generation-decider.ts"

/** A generation's stream: what its commands run on. */
export const streamOf = (generationId: string) => ({
  decider: generation,
  events: GenerationEvent,
  streamId: mediaStreams.generation(generationId),
})
