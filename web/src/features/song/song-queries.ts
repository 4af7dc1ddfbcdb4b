import { queryOptions } from "@tanstack/react-query"
import type { SyncedLyrics } from "#modules/catalog/api-synced-lyrics.ts"
import type { SongView } from "#projections/songs/api.ts"
import { callApi } from "../../lib/api.ts"
import { readPublic } from "../../lib/public-read.ts"
import { songKeys } from "../../lib/song-cache.ts"

/** A song, for anyone when it is public: a shared link's first read. */
export const songQuery = (id: string) =>
  queryOptions({
    queryKey: songKeys.one(id),
    queryFn: (): Promise<SongView> => readPublic("songs.song", { path: { id } }),
  })

/** When a song's lines are sung: written once by its maker, so never read twice. */
export const syncedLyricsQuery = (id: string) =>
  queryOptions({
    queryKey: ["synced-lyrics", id] as const,
    queryFn: (): Promise<SyncedLyrics> => readPublic("catalog.syncedLyrics", { path: { id } }),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const likedSongsQuery = queryOptions({
  queryKey: songKeys.liked,
  queryFn: () => callApi((api) => api.songs.likedSongs()),
})
