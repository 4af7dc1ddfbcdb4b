import type { GeneratedVersion, GenerationEvent, MusicMakerName } from "#events/contracts/media.ts"
import type { Reshaping } from "#events/contracts/song-operations.ts"
import type { ChosenVoice } from "#events/contracts/voices.ts"
import type { GenerationPhase } from "../api.ts"

/** What a paid request asks to be made. */
export interface SongToMake {
  readonly title: string
  readonly style: string
  readonly lyrics: string
  readonly instrumental: boolean
  readonly reshaping: Reshaping | null
  readonly voice: ChosenVoice | null
}

/**
 * What a song generation is as its events tell it, from the request to its end. Makers report steps more
 * than once and out of order (callbacks repeat, polls overlap): a step that tells nothing new, or comes
 * after the end, changes nothing.
 */
export interface GenerationRequest extends SongToMake {
  readonly generationId: string
  readonly userId: string
  readonly credits: number
  readonly maker: MusicMakerName
  readonly requestedAt: Date
}

export type GenerationState =
  | { readonly _tag: "None" }
  | {
      readonly _tag: "Running"
      readonly request: GenerationRequest
      readonly makerTaskId: string | null
      readonly status: string
      readonly versions: ReadonlyArray<GeneratedVersion>
    }
  | {
      readonly _tag: "Succeeded"
      readonly request: GenerationRequest
      /** The maker's task it was, for what the maker does later with its tracks (a persona). */
      readonly makerTaskId: string | null
      readonly versions: ReadonlyArray<GeneratedVersion>
    }
  | {
      readonly _tag: "Failed"
      readonly request: GenerationRequest
      readonly status: string
      readonly reason: string
      readonly versions: ReadonlyArray<GeneratedVersion>
    }

/** The order of the steps a task reports; unknown statuses rank with PENDING. */
export const stepRank = (status: string) =>
  ({ PENDING: 0, TEXT_SUCCESS: 1, FIRST_SUCCESS: 2 })[status] ?? 0

export const isNewer = (
  running: Extract<GenerationState, { _tag: "Running" }>,
  status: string,
  versions: ReadonlyArray<GeneratedVersion>,
) =>
  stepRank(status) > stepRank(running.status) ||
  versions.some((v) => !running.versions.some((known) => known.versionId === v.versionId))

/** Known versions and new ones, by index. */
export const merged = (
  known: ReadonlyArray<GeneratedVersion>,
  more: ReadonlyArray<GeneratedVersion>,
) =>
  [...known, ...more.filter((v) => !known.some((k) => k.versionId === v.versionId))].sort(
    (a, b) => a.index - b.index,
  )

export const evolveGeneration = (
  state: GenerationState,
  event: GenerationEvent,
): GenerationState => {
  switch (event._tag) {
    case "SongGenerationRequested": {
      const { _tag, ...request } = event
      return { _tag: "Running", request, makerTaskId: null, status: "PENDING", versions: [] }
    }
    case "SongGenerationSubmitted":
      return state._tag === "Running" ? { ...state, makerTaskId: event.makerTaskId } : state
    case "SongGenerationProgressed":
      return state._tag === "Running"
        ? {
            ...state,
            status: stepRank(event.status) > stepRank(state.status) ? event.status : state.status,
            versions: merged(state.versions, event.versions),
          }
        : state
    case "SongGenerationSucceeded":
      return state._tag === "Running"
        ? {
            _tag: "Succeeded",
            request: state.request,
            makerTaskId: state.makerTaskId,
            versions: event.versions,
          }
        : state
    case "SongGenerationFailed":
      return state._tag === "Running"
        ? {
            _tag: "Failed",
            request: state.request,
            status: event.status,
            reason: event.reason,
            versions: state.versions,
          }
        : state
    default: {
      const unknown: never = event
      return unknown
    }
  }
}

/** Whether a maker's status means the task failed (spec: any status containing FAILED, and the rest). */
export const isFailureStatus = (status: string) =>
  status.includes("FAILED") || status === "SENSITIVE_WORD_ERROR" || status === "CALLBACK_EXCEPTION"

/** The phase a generation's state is in, for the dialog: its status says how far a running one got. */
export const phaseOf = (state: Exclude<GenerationState, { _tag: "None" }>): GenerationPhase => {
  if (state._tag === "Failed") return "failed"
  if (state._tag === "Succeeded") return "done"
  // A step the decider does not know ranks with PENDING and is not kept: a running one is arranging until
  // its first version can be heard (the music API streams its tracks from TEXT_SUCCESS on).
  const heard = state.request.maker === "music-api" ? "TEXT_SUCCESS" : "FIRST_SUCCESS"
  return stepRank(state.status) >= stepRank(heard) ? "previewing" : "arranging"
}
