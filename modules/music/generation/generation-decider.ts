import { Data, Either } from "effect"
import {
  type GeneratedVersion,
  GenerationEvent,
  mediaStreams,
  SongGenerationFailed,
  SongGenerationProgressed,
  SongGenerationRequested,
  SongGenerationSubmitted,
  SongGenerationSucceeded,
} from "#events/contracts/media.ts"
import type { Decider } from "#events/decider.ts"
import { originOf } from "../song-origin.ts"
import {
  evolveGeneration,
  type GenerationRequest,
  type GenerationState,
  isNewer,
  merged,
  stepRank,
} from "./generation-state.ts"

/** What one song generation decides on each command, from its state (generation-state.ts). */
export type GenerationCommand =
  | { readonly _tag: "RequestGeneration"; readonly request: GenerationRequest }
  | { readonly _tag: "RecordSubmission"; readonly makerTaskId: string }
  | {
      readonly _tag: "RecordProgress"
      readonly status: string
      readonly versions: ReadonlyArray<GeneratedVersion>
    }
  | { readonly _tag: "RecordSuccess"; readonly versions: ReadonlyArray<GeneratedVersion> }
  | { readonly _tag: "RecordFailure"; readonly status: string; readonly reason: string }

export class GenerationExists extends Data.TaggedError("GenerationExists") {}
export class NoSuchGeneration extends Data.TaggedError("NoSuchGeneration") {}
export class NoVersions extends Data.TaggedError("NoVersions") {}

export type GenerationRefusal = GenerationExists | NoSuchGeneration | NoVersions

const nothing = Either.right([])

const decide = (
  command: GenerationCommand,
  state: GenerationState,
): Either.Either<ReadonlyArray<GenerationEvent>, GenerationRefusal> => {
  if (command._tag === "RequestGeneration") {
    return state._tag === "None"
      ? Either.right([new SongGenerationRequested(command.request)])
      : Either.left(new GenerationExists())
  }
  if (state._tag === "None") return Either.left(new NoSuchGeneration())
  // After its end a generation hears nothing more: late callbacks and overlapping polls are dropped.
  if (state._tag !== "Running") return nothing
  const { generationId, userId } = state.request
  switch (command._tag) {
    case "RecordSubmission":
      return state.makerTaskId === null
        ? Either.right([
            new SongGenerationSubmitted({ generationId, userId, makerTaskId: command.makerTaskId }),
          ])
        : nothing
    case "RecordProgress":
      return isNewer(state, command.status, command.versions)
        ? Either.right([
            new SongGenerationProgressed({
              generationId,
              userId,
              status:
                stepRank(command.status) > stepRank(state.status) ? command.status : state.status,
              versions: merged(state.versions, command.versions),
            }),
          ])
        : nothing
    case "RecordSuccess":
      return command.versions.length === 0
        ? Either.left(new NoVersions())
        : Either.right([
            new SongGenerationSucceeded({
              generationId,
              userId,
              title: state.request.title,
              style: state.request.style,
              lyrics: state.request.lyrics,
              versions: command.versions,
              origin: state.request.operation && originOf(state.request.operation),
            }),
          ])
    case "RecordFailure":
      return Either.right([
        new SongGenerationFailed({
          generationId,
          userId,
          status: command.status,
          reason: command.reason,
          credits: state.request.credits,
        }),
      ])
    default: {
      const unknown: never = command
      return unknown
    }
  }
}

export const generation: Decider<
  GenerationCommand,
  GenerationEvent,
  GenerationState,
  GenerationRefusal
> = {
  initialState: { _tag: "None" },
  evolve: evolveGeneration,
  decide,
}

/** A generation's stream: what its commands run on. */
export const streamOf = (generationId: string) => ({
  decider: generation,
  events: GenerationEvent,
  streamId: mediaStreams.generation(generationId),
})
