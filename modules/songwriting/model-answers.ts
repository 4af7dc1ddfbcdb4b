import { Effect } from "effect"
import { ModelNotConfigured, ModelUnavailable, NothingToEdit } from "./api.ts"
import type { NoLyricsYet } from "./conversation.ts"
import { fitLyrics } from "./fit-lyrics.ts"
import type { ModelFailure, Reply } from "./ports.ts"

const keyProblem = new ModelNotConfigured({
  message: "OpenAI API key is not properly configured. Please contact support.",
})

/** A chat turn the model could not answer, as the spec words it. */
export const chatUnavailable = new ModelUnavailable({
  message: "Failed to get AI response. Please check your API key configuration.",
})

/** How a model's failure reaches the person: the spec's words for the chat and for the lyrics form. */
export const chatFailure = (failure: ModelFailure) =>
  failure._tag === "ModelKeyProblem" ? keyProblem : chatUnavailable
export const lyricsFailure = (failure: ModelFailure) =>
  failure._tag === "ModelKeyProblem"
    ? keyProblem
    : new ModelUnavailable({ message: "Failed to generate lyrics" })

/** A small stable number from its parts (FNV-1a): the same request to the model gets the same take. */
export const seedOf = (...parts: ReadonlyArray<string | number>) => {
  let hash = 2166136261
  for (const char of parts.join("\u0000")) {
    hash ^= char.codePointAt(0)!
    hash = Math.imul(hash, 16777619)
  }
  return hash >>> 0
}

/** Model answers are fitted to the lyrics box before anything records them. */
export const fitReply = (reply: Reply): Reply =>
  reply.action.data.lyrics === undefined
    ? reply
    : {
        ...reply,
        action: {
          ...reply.action,
          data: { ...reply.action.data, lyrics: fitLyrics(reply.action.data.lyrics) },
        },
      }

/** Editing lyrics before there are any: the refusal as the person reads it. */
export const nothingToEdit = (refusal: NoLyricsYet) =>
  Effect.fail(new NothingToEdit({ message: refusal.message }))
