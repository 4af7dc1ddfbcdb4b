import { Context, Data, type Effect } from "effect"
import type { ActionType } from "#events/contracts/songwriting.ts"
import type { ActionData } from "./api.ts"

/** One turn of the current song's conversation, as the model reads it. */
export interface ChatTurn {
  readonly role: "user" | "assistant"
  readonly content: string
}

/** The song as it stands (spec: current song info). */
export interface SongSketch {
  readonly title: string
  readonly description: string
  readonly style: string
  readonly lyrics: string
  readonly stage: "initial" | "complete"
}

export interface ReplyRequest {
  /** The current song's turns, oldest first, ending with the person's new message. */
  readonly history: ReadonlyArray<ChatTurn>
  readonly song: SongSketch
  /** The date and season, as a sentence (see date-time.ts). */
  readonly dateContext: string
  /** Same request and seed, same reply (the offline Melody); live models may ignore it. */
  readonly seed: number
}

export interface Reply {
  readonly message: string
  readonly action: { readonly type: ActionType; readonly data: ActionData }
}

export interface LyricsRequest {
  readonly title: string
  readonly description: string
  readonly style: string
  readonly seed: number
}

/** The key is missing, wrong or refused: an operator must act. */
export class ModelKeyProblem extends Data.TaggedError("ModelKeyProblem")<{
  readonly detail: string
}> {}
/** The model failed, or did not answer in time. */
export class ModelFailed extends Data.TaggedError("ModelFailed")<{ readonly detail: string }> {}
export type ModelFailure = ModelKeyProblem | ModelFailed

/**
 * Who writes Melody's replies and the lyrics: OpenAI (or any compatible server) when configured, the
 * offline Melody otherwise. A reply the model botched comes back as the spec's fallback, flagged.
 */
export class LanguageModel extends Context.Tag("@melody/songwriting/LanguageModel")<
  LanguageModel,
  {
    readonly name: string
    /** `written`, when given, hears the reply's message as it is written: each new piece in turn. */
    readonly reply: (
      request: ReplyRequest,
      written?: (words: string) => Effect.Effect<void>,
    ) => Effect.Effect<{ readonly reply: Reply; readonly fallback: boolean }, ModelFailure>
    readonly writeLyrics: (request: LyricsRequest) => Effect.Effect<string, ModelFailure>
  }
>() {}
