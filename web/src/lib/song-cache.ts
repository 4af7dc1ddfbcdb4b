import { type InfiniteData, type QueryClient, queryOptions } from "@tanstack/react-query"
import type { SongSettings } from "#modules/catalog/api.ts"
import type { PublicSongs, SongView } from "#projections/songs/api.ts"
import { callApi } from "./api.ts"

/**
 * Songs in the caches of every screen that shows them, under one prefix: the library, the timeline's
 * pages, the liked list, creators' pages, the Following list and single songs. A change to one song updates it wherever it is shown.
 */
export const songKeys = {
  all: ["songs"] as const,
  mine: ["songs", "mine"] as const,
  liked: ["songs", "liked"] as const,
  public: ["songs", "public"] as const,
  newest: ["songs", "newest"] as const,
  trending: ["songs", "trending"] as const,
  one: (id: string) => ["songs", "one", id] as const,
  /** Every creator's page's songs. */
  creators: ["songs", "creator"] as const,
  creator: (username: string) => ["songs", "creator", username.toLowerCase()] as const,
  following: ["songs", "following"] as const,
  /** What searches found: songs among them, changed in place by a like or a privacy switch. */
  searches: ["songs", "search"] as const,
  search: (question: string, limit: number) => ["songs", "search", question, limit] as const,
  /** A song's plays per day, for its owner. */
  dailyPlays: (id: string) => ["songs", "daily-plays", id] as const,
}

/**
 * My songs (the library, and where a generation's versions are looked for): read again whenever a screen
 * showing them is opened or the window regains focus.
 */
export const mySongsQuery = queryOptions({
  queryKey: songKeys.mine,
  queryFn: () => callApi((api) => api.songs.mySongs()),
  staleTime: 0,
  refetchOnMount: "always",
  refetchOnWindowFocus: true,
})

type Update = (song: SongView) => SongView

/** Applies `update` to the song wherever it is cached; answers how to put every cache back. */
export const updateSongEverywhere = (queryClient: QueryClient, id: string, update: Update) => {
  const snapshot = queryClient.getQueriesData({ queryKey: songKeys.all })
  const apply = (song: SongView) => (song.id === id ? update(song) : song)
  for (const queryKey of [songKeys.mine, songKeys.liked, songKeys.creators, songKeys.following])
    queryClient.setQueriesData<ReadonlyArray<SongView>>({ queryKey }, (songs) => songs?.map(apply))
  queryClient.setQueriesData<InfiniteData<PublicSongs>>(
    { queryKey: songKeys.public },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, songs: page.songs.map(apply) })),
      },
  )
  for (const queryKey of [songKeys.newest, songKeys.trending])
    queryClient.setQueriesData<InfiniteData<ReadonlyArray<SongView>>>(
      { queryKey },
      (data) => data && { ...data, pages: data.pages.map((songs) => songs.map(apply)) },
    )
  queryClient.setQueriesData<{ readonly songs: ReadonlyArray<SongView> }>(
    { queryKey: songKeys.searches },
    (data) => data && { ...data, songs: data.songs.map(apply) },
  )
  queryClient.setQueryData<SongView>(songKeys.one(id), (song) => song && update(song))
  return () => {
    for (const [key, data] of snapshot) queryClient.setQueryData(key, data)
  }
}

/** A song's settings as its owner's write left them, wherever the song is cached. */
export const applySongSettings = (queryClient: QueryClient, settings: SongSettings) =>
  updateSongEverywhere(queryClient, settings.id, (song) => ({
    ...song,
    isPublic: settings.isPublic,
    partsShared: settings.partsShared,
  }))
