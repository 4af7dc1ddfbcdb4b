import { infiniteQueryOptions } from "@tanstack/react-query"
import type { PublicSongs } from "#modules/catalog/api.ts"
import { publicSongsFromWire, readJson } from "../../lib/public-reads.ts"
import { songKeys } from "../../lib/song-queries.ts"

/** Songs per page (spec section 9). */
export const pageSize = 20

interface PageParam {
  readonly page: number
  /** The first page's order, kept for the pages after it. */
  readonly snapshot: number | undefined
}

/** Public songs, most liked first, 20 at a time; more exist while (page + 1) * 20 < total. */
export const timelineQuery = infiniteQueryOptions({
  queryKey: songKeys.public,
  queryFn: ({ pageParam }) => {
    const params = new URLSearchParams({
      limit: String(pageSize),
      offset: String(pageParam.page * pageSize),
      ...(pageParam.snapshot === undefined ? {} : { snapshot: String(pageParam.snapshot) }),
    })
    return readJson<typeof PublicSongs.Encoded>(`/api/songs/public?${params}`).then(
      publicSongsFromWire,
    )
  },
  initialPageParam: { page: 0, snapshot: undefined } as PageParam,
  getNextPageParam: (last, pages): PageParam | undefined =>
    pages.length * pageSize < last.total
      ? { page: pages.length, snapshot: pages[0]?.snapshot }
      : undefined,
})
