import { infiniteQueryOptions } from "@tanstack/react-query"
import type { PublicSongs, SongView } from "#projections/songs/api.ts"
import { callApi } from "../../lib/api.ts"
import { readPublic } from "../../lib/public-read.ts"
import { songKeys } from "../../lib/song-cache.ts"

/** Songs per page (spec section 9). */
export const pageSize = 20

interface PageParam {
  readonly page: number
  /** The first page's order, kept for the pages after it. */
  readonly snapshot: number | undefined
}

const firstPage: PageParam = { page: 0, snapshot: undefined }

/** Public songs, most liked first, 20 at a time; more exist while (page + 1) * 20 < total. */
export const timelineQuery = infiniteQueryOptions({
  queryKey: songKeys.public,
  queryFn: ({ pageParam }): Promise<PublicSongs> =>
    readPublic("songs.publicSongs", {
      urlParams: {
        limit: pageSize,
        offset: pageParam.page * pageSize,
        ...(pageParam.snapshot === undefined ? {} : { snapshot: pageParam.snapshot }),
      },
    }),
  initialPageParam: firstPage,
  getNextPageParam: (last, pages): PageParam | undefined =>
    pages.length * pageSize < last.total
      ? { page: pages.length, snapshot: pages[0]?.snapshot }
      : undefined,
})

/** Public songs, the newest first, 20 at a time; more may exist while a page comes back full. */
export const newestQuery = infiniteQueryOptions({
  queryKey: songKeys.newest,
  queryFn: ({ pageParam }): Promise<ReadonlyArray<SongView>> =>
    readPublic("songs.newestSongs", {
      urlParams: { limit: pageSize, offset: pageParam * pageSize },
    }),
  initialPageParam: 0,
  getNextPageParam: (last, pages) => (last.length === pageSize ? pages.length : undefined),
})

/**
 * Public songs most liked and played this week, recent days counting most, as Newest pages them. Never
 * part of a drawn first view: read with the typed client, which loads when the tab is first opened.
 */
export const trendingQuery = infiniteQueryOptions({
  queryKey: songKeys.trending,
  queryFn: ({ pageParam }) =>
    callApi((api) =>
      api.songs.trendingSongs({ urlParams: { limit: pageSize, offset: pageParam * pageSize } }),
    ),
  initialPageParam: newestQuery.initialPageParam,
  getNextPageParam: newestQuery.getNextPageParam,
})
