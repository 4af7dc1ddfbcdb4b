import { Data, type Effect } from "effect"
import { webpCoverOf } from "#toolkit/storage/cover-keys.ts"
import type { GenerationCommand } from "../generation/generation-decider.ts"
import type { GenerationState } from "../generation/generation-state.ts"

export type RunningGeneration = Extract<GenerationState, { readonly _tag: "Running" }>

/** What comes after a step: another at once, another after the poll interval (or a callback), or none. */
export type NextStep = "now" | "later" | "done"

/**
 * A step that could not be taken; `retryable` ones are tried again until the generation times out.
 * `reason` is the sentence the person reads, always ours; `detail` is what went wrong in the maker's own
 * words (an exception, a stack, a service's message), for admins only: it goes to the error stream.
 */
export class StepFailed extends Data.TaggedError("StepFailed")<{
  readonly status: string
  readonly reason: string
  readonly detail?: string | undefined
  readonly retryable: boolean
}> {}

/**
 * Takes a running generation one step further, recording what happened on its stream. A step may be
 * repeated (after a crash, or when a callback and a poll overlap): it must find what was already done.
 */
export type MusicMaker = (
  generation: RunningGeneration,
  record: (command: GenerationCommand) => Effect.Effect<void>,
) => Effect.Effect<NextStep, StepFailed>

/** Where a version's files are kept. */
export const versionKeys = (generationId: string, index: number) => ({
  audio: `generations/${generationId}/${index}.mp3`,
  cover: `generations/${generationId}/${index}.jpg`,
  coverWebp: webpCoverOf(`generations/${generationId}/${index}.jpg`),
  /** The engine's musical facts of the render (render-facts-store.ts). */
  facts: `generations/${generationId}/${index}.json`,
  midi: `generations/${generationId}/${index}.mid`,
  /** The stems, as one zip of WAVs, once asked for. */
  stems: `generations/${generationId}/${index}.stems.zip`,
  /** When each line and word is sung (`SyncedLyrics`). */
  syncedLyrics: `generations/${generationId}/${index}.lyrics.json`,
})

/** A version's id names its generation, so its audio can be served from the generation's stream. */
export const versionIdOf = (generationId: string, index: number) => `${generationId}-${index}`

export const generationOfVersion = (versionId: string) => {
  const match = /^([0-9a-f-]{36})-(\d{1,2})$/.exec(versionId)
  return match ? { generationId: match[1]!, index: Number(match[2]) } : undefined
}
