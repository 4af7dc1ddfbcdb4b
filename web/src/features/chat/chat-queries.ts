import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query"
import type { ChatTurnResult, Conversation } from "#modules/songwriting/api.ts"
import { callApi } from "../../lib/api.ts"
import { type ChatFailure, sendToMelody } from "./melody-stream.ts"

export const conversationQuery = queryOptions({
  queryKey: ["chat", "conversation"] as const,
  queryFn: () => callApi((api) => api.songwriting.conversation()),
})

/**
 * Sends a message; `onWords` hears Melody's reply as she writes it. The turn's messages and the song as it
 * now stands join the cached conversation; after a failure the conversation is read again, in case the
 * turn was recorded though its answer did not arrive.
 */
export const useSendMessage = (onWords: (words: string) => void) => {
  const queryClient = useQueryClient()
  return useMutation<ChatTurnResult, ChatFailure, string>({
    mutationFn: (message) => sendToMelody(message, onWords),
    onSuccess: (turn) =>
      queryClient.setQueryData(conversationQuery.queryKey, (current: Conversation | undefined) =>
        current
          ? {
              ...current,
              messages: [...current.messages, ...turn.messages],
              songInfo: turn.songInfo,
            }
          : current,
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: conversationQuery.queryKey }),
  })
}

export const useStartNewSong = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi((api) => api.songwriting.startNewSong()),
    onSuccess: (conversation) => queryClient.setQueryData(conversationQuery.queryKey, conversation),
  })
}

export const saveChatLyrics = (lyrics: string) =>
  callApi((api) => api.songwriting.editChatLyrics({ payload: { lyrics } }))
