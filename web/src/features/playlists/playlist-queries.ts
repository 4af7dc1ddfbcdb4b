import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query"
import type { PlaylistPage } from "#projections/playlists/api.ts"
import { apiQuery, callApi, errorMessage } from "../../lib/api.ts"
import { contentRefusal } from "../../lib/form.ts"
import { readPublic } from "../../lib/public-read.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { playlistKeys } from "./playlist-keys.ts"

/** A shared link's first read: without the typed client, which a visitor's first page need not wait for. */
export const playlistQuery = (id: string) =>
  queryOptions({
    queryKey: playlistKeys.one(id),
    queryFn: () => readPublic("playlistReads.playlist", { path: { id } }),
  })

export const myPlaylistsQuery = (songId?: string) =>
  apiQuery({
    queryKey: playlistKeys.mine(songId),
    call: (api) =>
      api.playlistReads.myPlaylists({ urlParams: songId === undefined ? {} : { songId } }),
  })

export const creatorPlaylistsQuery = (username: string) =>
  queryOptions({
    queryKey: playlistKeys.creator(username),
    queryFn: () => readPublic("playlistReads.creatorPlaylists", { path: { username } }),
  })

const refresh = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: playlistKeys.all })

/**
 * A change to a playlist: every playlist screen is read again once it is done, and a refusal is said in
 * a toast titled `failed` (words the content checks refused are said at their field by the form instead). What `shows` puts on screen at once is taken back (by what it returns) when
 * the change is refused.
 */
export const usePlaylistChange = <I>(
  failed: string,
  change: (input: I) => Promise<unknown>,
  {
    done,
    shows,
  }: {
    readonly done?: (input: I) => void
    readonly shows?: (input: I) => Promise<() => void>
  } = {},
) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onMutate: (input) => shows?.(input),
    onSuccess: (_, input) => done?.(input),
    onError: (error, _, takeBack) => {
      takeBack?.()
      if (!contentRefusal(error))
        toast({ title: failed, description: errorMessage(error), variant: "destructive" })
    },
    onSettled: () => refresh(queryClient),
  })
}

/** Shows a change to playlist `id` on its page at once; answers how to take it back. */
export const useShownOnPage = (id: string) => {
  const queryClient = useQueryClient()
  const key = playlistKeys.one(id)
  return async (change: (before: PlaylistPage) => PlaylistPage) => {
    // A read under way would put the old state back over the new one.
    await queryClient.cancelQueries({ queryKey: key })
    const before = queryClient.getQueryData<PlaylistPage>(key)
    if (before) queryClient.setQueryData(key, change(before))
    return () => queryClient.setQueryData(key, before)
  }
}

/** Puts a song in a playlist, or takes it out. */
export const useSongInPlaylist = () =>
  usePlaylistChange(
    "Could not change the playlist",
    ({ id, songId, add }: { id: string; songId: string; add: boolean }) =>
      callApi((api) =>
        add
          ? api.playlists.addPlaylistSong({ path: { id, songId } })
          : api.playlists.removePlaylistSong({ path: { id, songId } }),
      ),
  )

/** A new playlist, with a first song when one is given; answers its id. */
export const useNewPlaylist = (done?: (id: string) => void) =>
  usePlaylistChange(
    "Could not make the playlist",
    ({ name, songId }: { name: string; songId?: string }) =>
      callApi((api) =>
        api.playlists.createPlaylist({
          payload: { name, description: "", isPublic: true, ...(songId ? { songId } : {}) },
        }),
      ).then((made) => {
        done?.(made.id)
        return made
      }),
  )
