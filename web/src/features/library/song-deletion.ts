import { useMutation, useQueryClient } from "@tanstack/react-query"
import { callApi } from "../../lib/api.ts"
import { songKeys } from "../../lib/song-cache.ts"

/** Deletes one of my songs, or with `allVersions` every version of its generation; every list forgets them. */
export const useDeleteSong = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, allVersions }: { readonly id: string; readonly allVersions: boolean }) =>
      callApi((api) =>
        api.catalog.deleteSong({
          path: { id },
          urlParams: { versions: allVersions ? "all" : "one" },
        }),
      ),
    onSuccess: ({ songIds }) => {
      for (const id of songIds) queryClient.removeQueries({ queryKey: songKeys.one(id) })
      return queryClient.invalidateQueries({ queryKey: songKeys.all })
    },
  })
}
