import { useMutation, useQueryClient } from "@tanstack/react-query"
import { callApi } from "../../lib/api.ts"
import { applySongSettings, songKeys, updateSongEverywhere } from "../../lib/song-cache.ts"

/**
 * Likes and unlikes show at once (spec: +1 and liked, or -1 not below 0), go back if the server says
 * no, and the public and liked lists are read again afterwards (the count is theirs to tell).
 */
export const useToggleLike = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, like }: { readonly id: string; readonly like: boolean }) =>
      callApi((api) =>
        like ? api.catalog.like({ path: { id } }) : api.catalog.unlike({ path: { id } }),
      ),
    onMutate: ({ id, like }) => ({
      revert: updateSongEverywhere(queryClient, id, (song) => ({
        ...song,
        liked: like,
        likes: Math.max(0, song.likes + (like ? 1 : -1)),
      })),
    }),
    onSuccess: (state, { id }) => {
      updateSongEverywhere(queryClient, id, (song) => ({ ...song, liked: state.liked }))
    },
    onError: (_error, _variables, context) => context?.revert(),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: songKeys.liked }),
        queryClient.invalidateQueries({ queryKey: songKeys.public, refetchType: "none" }),
      ]),
  })
}

/** The owner's public/private switch; my songs and the timeline are read again afterwards. */
export const useSetPrivacy = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, isPublic }: { readonly id: string; readonly isPublic: boolean }) =>
      callApi((api) => api.catalog.setPrivacy({ path: { id }, payload: { isPublic } })),
    onSuccess: (settings) => {
      applySongSettings(queryClient, settings)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: songKeys.mine }),
        queryClient.invalidateQueries({ queryKey: songKeys.public }),
      ])
    },
  })
}
