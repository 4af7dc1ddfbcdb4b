import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query"
import type { Conversation } from "#modules/songwriting/api.ts"
import { apiMutation, callApi } from "../../lib/api.ts"

export const conversationQuery = queryOptions({
  queryKey: ["chat", "conversation"] as const,
  queryFn: () => callApi((api) => api.songwriting.conversation()),
})

/** Sends a message; the turn's messages and the song as it now stands join the cached conversation. */
export const useSendMessage = () => {
  const queryClient = useQueryClient()
  return useMutation({
    ...apiMutation((api, message: string) => api.songwriting.chat({ payload: { message } })),
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
