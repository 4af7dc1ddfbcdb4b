import {
  type ConversationEvent,
  lyricsIntro,
  newSongMessage,
} from "#events/contracts/songwriting.ts"
import { ChatMessage, Conversation, SongInfo } from "./api.ts"
import { conversation } from "./conversation.ts"

/** How much of a long chat the screen gets back. */
export const shownMessages = 200

/** The chat as the screen shows it: every message in order, and the song as it stands. */
export const conversationView = (
  history: ReadonlyArray<{ readonly event: ConversationEvent; readonly recordedAt: Date }>,
): Conversation => {
  const messages: Array<ChatMessage> = []
  const byId = new Map<string, number>()
  const add = (message: ChatMessage) => {
    byId.set(message.id, messages.length)
    messages.push(message)
  }
  let state = conversation.initialState
  for (const { event, recordedAt } of history) {
    state = conversation.evolve(state, event)
    const base = { createdAt: recordedAt, showSongGeneration: false }
    switch (event._tag) {
      case "UserMessagePosted":
        add(new ChatMessage({ ...base, id: event.messageId, role: "user", content: event.content }))
        break
      case "AssistantReplied":
        add(
          new ChatMessage({
            ...base,
            id: event.messageId,
            role: "assistant",
            content: event.message,
          }),
        )
        break
      case "LyricsWritten":
        add(
          new ChatMessage({
            ...base,
            id: event.messageId ?? `lyrics-${messages.length}`,
            role: "assistant",
            content: lyricsIntro(event.title),
            lyrics: event.lyrics,
            title: event.title,
            style: event.style,
            showSongGeneration: true,
          }),
        )
        break
      case "SongRevised": {
        // The reply that revised the song carries the new lyrics.
        const at = byId.get(event.messageId)
        if (at !== undefined) {
          messages[at] = new ChatMessage({
            ...messages[at]!,
            lyrics: event.lyrics,
            title: event.title,
            style: event.style,
            showSongGeneration: true,
          })
        }
        break
      }
      case "SongStartedOver":
        if (event.via === "button") {
          add(
            new ChatMessage({
              ...base,
              id: event.messageId,
              role: "assistant",
              content: newSongMessage,
            }),
          )
        }
        break
      case "LyricsEdited":
        break
    }
  }
  return new Conversation({
    messages: messages.slice(-shownMessages),
    songInfo: new SongInfo(state.song),
  })
}
