import { Schema } from "effect"
import { EventSourceParserStream } from "eventsource-parser/stream"
import { Unauthorized } from "#api/auth.ts"
import { TooManyRequests } from "#api/refusals.ts"
import { type ChatTurnResult, chatStreamEvents } from "#modules/songwriting/api.ts"
import { ApiUnavailable, unreachable } from "../../lib/api.ts"

/** Why a message got no answer: the server's refusal, as the chat's other calls would give it. */
const Refusal = Schema.Union(chatStreamEvents.refused, TooManyRequests, Unauthorized)
export type ChatFailure = typeof Refusal.Type | ApiUnavailable

const refusalOf = async (response: Response): Promise<ChatFailure> => {
  const body: unknown = await response.json().catch(() => undefined)
  const refusal = Schema.decodeUnknownOption(Refusal)(body)
  if (refusal._tag === "Some") return refusal.value
  const message = (body as { message?: unknown } | undefined)?.message
  return new ApiUnavailable(typeof message === "string" ? message : "Please try again.")
}

const decode = Schema.decodeUnknownSync

/**
 * A message to Melody, her answer heard as she writes it: `onWords` gets each new piece of her message.
 * Resolves with the recorded turn; rejects with a `ChatFailure`. `server` is the page's own by default.
 */
export const sendToMelody = async (
  message: string,
  onWords: (words: string) => void,
  server = "",
): Promise<ChatTurnResult> => {
  const response = await fetch(`${server}/api/chat/stream`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ message }),
  }).catch(() => undefined)
  if (response === undefined) throw unreachable()
  if (!response.ok || response.body === null) throw await refusalOf(response)
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader()
  while (true) {
    const next = await events.read().catch(() => undefined)
    if (next === undefined) throw unreachable()
    if (next.done) throw new ApiUnavailable("Melody's answer broke off. Please try again.")
    const { event, data } = next.value
    if (event === "words") onWords(decode(chatStreamEvents.words)(JSON.parse(data)).words)
    else if (event === "turn") return decode(chatStreamEvents.turn)(JSON.parse(data))
    else if (event === "refused") throw decode(chatStreamEvents.refused)(JSON.parse(data))
  }
}
