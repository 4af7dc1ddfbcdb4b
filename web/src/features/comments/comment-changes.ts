import { useMutation, useQueryClient } from "@tanstack/react-query"
import { callApi } from "../../lib/api.ts"
import { commentKeys } from "./comment-queries.ts"

/** Each change to a song's comments reads them again, in every order, once the server has it. */
const useCommentChange = <I>(songId: string, send: (input: I) => Promise<unknown>) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.song(songId) }),
  })
}

export const usePostComment = (songId: string) =>
  useCommentChange(songId, (input: { readonly text: string; readonly replyTo: string | null }) =>
    callApi((api) => api.comments.post({ path: { id: songId }, payload: input })),
  )

export const useEditComment = (songId: string) =>
  useCommentChange(songId, (input: { readonly commentId: string; readonly text: string }) =>
    callApi((api) =>
      api.comments.edit({ path: { commentId: input.commentId }, payload: { text: input.text } }),
    ),
  )

export const useDeleteComment = (songId: string) =>
  useCommentChange(songId, (commentId: string) =>
    callApi((api) => api.comments.delete({ path: { commentId } })),
  )

export const useCommentsSwitch = (songId: string) =>
  useCommentChange(songId, (open: boolean) =>
    callApi((api) => api.comments.setOpen({ path: { id: songId }, payload: { open } })),
  )
