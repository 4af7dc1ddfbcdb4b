import { type InfiniteData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query"
import type { SyncedLyrics } from "#events/contracts/synced-lyrics.ts"
import type { PublicSongs, SongView } from "#modules/catalog/api.ts"
import { callApi } from "./api.ts"
import { readJson, songFromWire } from "./public-reads.ts"

/**
 * Songs in the caches of every screen that shows them, under one prefix: the library, the timeline's
 * pages, the liked list and single songs. A change to one song updates it wherever it is shown.
 */
export const songKeys = {
  all: ["songs"] as const,
  mine: ["songs", "mine"] as const,
  liked: ["songs", "liked"] as const,
  public: ["songs", "public"] as const,
  one: (id: string) => ["songs", "one", id] as const,
}

/**
 * What the maker in use can do to a song, and the prices of operations and stems: the same for everyone,
 * rarely changed.
 */
export const operationsQuery = queryOptions({
  queryKey: ["song-operations"] as const,
  queryFn: () => callApi((api) => api.reshaping.operations()),
  staleTime: 5 * 60_000,
})

/** The library: read again whenever the screen is opened or the window regains focus. */
export const mySongsQuery = queryOptions({
  queryKey: songKeys.mine,
  queryFn: () => callApi((api) => api.catalog.mySongs()),
  staleTime: 0,
  refetchOnMount: "always",
  refetchOnWindowFocus: true,
})

export const likedSongsQuery = queryOptions({
  queryKey: songKeys.liked,
  queryFn: () => callApi((api) => api.catalog.likedSongs()),
})

export const songQuery = (id: string) =>
  queryOptions({
    queryKey: songKeys.one(id),
    queryFn: () =>
      readJson<typeof SongView.Encoded>(`/api/songs/${encodeURIComponent(id)}`).then(songFromWire),
  })

/** When a song's lines are sung: written once by its maker, so never read twice. */
export const syncedLyricsQuery = (id: string) =>
  queryOptions({
    queryKey: ["synced-lyrics", id] as const,
    queryFn: () =>
      readJson<typeof SyncedLyrics.Encoded>(`/api/songs/${encodeURIComponent(id)}/synced-lyrics`),
    staleTime: Number.POSITIVE_INFINITY,
  })

type Update = (song: SongView) => SongView

/** Applies `update` to the song wherever it is cached; answers how to put every cache back. */
const updateEverywhere = (
  queryClient: ReturnType<typeof useQueryClient>,
  id: string,
  update: Update,
) => {
  const snapshot = queryClient.getQueriesData({ queryKey: songKeys.all })
  const apply = (song: SongView) => (song.id === id ? update(song) : song)
  queryClient.setQueriesData<unknown>({ queryKey: songKeys.all }, (data: unknown) => {
    if (data === undefined) return data
    if (Array.isArray(data)) return (data as ReadonlyArray<SongView>).map(apply)
    const pages = data as InfiniteData<PublicSongs>
    if (Array.isArray(pages.pages)) {
      return {
        ...pages,
        pages: pages.pages.map((page) => ({ ...page, songs: page.songs.map(apply) })),
      }
    }
    return (data as SongView).id === id ? update(data as SongView) : data
  })
  return () => {
    for (const [key, data] of snapshot) queryClient.setQueryData(key, data)
  }
}

/**
 * Likes and unlikes show at once (spec: +1 and liked, or -1 not below 0), go back if the server says
 * no, and the public and liked lists are read again afterwards.
 */
export const useToggleLike = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, like }: { readonly id: string; readonly like: boolean }) =>
      callApi((api) =>
        like ? api.catalog.like({ path: { id } }) : api.catalog.unlike({ path: { id } }),
      ),
    onMutate: ({ id, like }) => ({
      revert: updateEverywhere(queryClient, id, (song) => ({
        ...song,
        liked: like,
        likes: Math.max(0, song.likes + (like ? 1 : -1)),
      })),
    }),
    onSuccess: (state, { id }) => {
      updateEverywhere(queryClient, id, (song) => ({
        ...song,
        likes: state.likes,
        liked: state.liked,
      }))
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
    onSuccess: (song) => {
      updateEverywhere(queryClient, song.id, () => song)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: songKeys.mine }),
        queryClient.invalidateQueries({ queryKey: songKeys.public }),
      ])
    },
  })
}

/** Lets others take my public song's parts (stems and MIDI), or not. */
export const useSetPartsSharing = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, shared }: { readonly id: string; readonly shared: boolean }) =>
      callApi((api) => api.catalog.setPartsSharing({ path: { id }, payload: { shared } })),
    onSuccess: (song) => updateEverywhere(queryClient, song.id, () => song),
  })
}

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
