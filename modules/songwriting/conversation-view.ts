import type { ConversationEvent } from "#events/contracts/songwriting.ts"
import { ChatMessage } from "./api.ts"
import { lyricsIntro, newSongMessage } from "./api-chat.ts"

/** How much of a long chat the screen gets back. */
export const shownMessages = 200

/** Events enough to hold the last `shownMessages` messages (a turn records at most four). */
export const eventsForView = shownMessages * 3

type Fields = ConstructorParameters<typeof ChatMessage>[0]

/** The chat as the screen shows it: its messages in order, the most recent `shownMessages` of them. */
export const chatMessages = (
  history: ReadonlyArray<{ readonly event: ConversationEvent; readonly recordedAt: Date }>,
): ReadonlyArray<ChatMessage> => {
  const messages: Array<Fields> = []
  const byId = new Map<string, number>()
  const add = (message: Fields) => {
    byId.set(message.id, messages.length)
    messages.push(message)
  }
  for (const { event, recordedAt } of history) {
    const base = { createdAt: recordedAt, showSongGeneration: false }
    switch (event._tag) {
      case "UserMessagePosted":
        add({ ...base, id: event.messageId, role: "user", content: event.content })
        break
      case "AssistantReplied":
        add({ ...base, id: event.messageId, role: "assistant", content: event.message })
        break
      case "LyricsWritten":
        add({
          ...base,
          id: event.messageId ?? `lyrics-${messages.length}`,
          role: "assistant",
          content: lyricsIntro(event.title),
          lyrics: event.lyrics,
          title: event.title,
          style: event.style,
          showSongGeneration: true,
        })
        break
      case "SongRevised": {
        // The reply that revised the song carries the new lyrics.
        const at = byId.get(event.messageId)
        if (at !== undefined) {
          messages[at] = {
            ...messages[at]!,
            lyrics: event.lyrics,
            title: event.title,
            style: event.style,
            showSongGeneration: true,
          }
        }
        break
      }
      case "SongStartedOver":
        if (event.via === "button") {
          add({ ...base, id: event.messageId, role: "assistant", content: newSongMessage })
        }
        break
      case "LyricsEdited":
        break
    }
  }
  return messages.slice(-shownMessages).map((fields) => new ChatMessage(fields))
}
