import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query"
import { apiMutation, callApi } from "../../lib/api.ts"

/** The lyrics the form wrote last, with the person's edits; null before the first. */
export const draftQuery = queryOptions({
  queryKey: ["song-form", "draft"] as const,
  queryFn: () => callApi((api) => api.songwriting.lyricsDraft()),
})

export const useGenerateLyrics = () => {
  const queryClient = useQueryClient()
  return useMutation({
    ...apiMutation(
      (
        api,
        brief: { readonly title: string; readonly description: string; readonly style: string },
      ) => api.songwriting.generateLyrics({ payload: brief }),
    ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: draftQuery.queryKey }),
  })
}

export const saveDraftLyrics = (lyrics: string) =>
  callApi((api) => api.songwriting.editLyricsDraft({ payload: { lyrics } }))
