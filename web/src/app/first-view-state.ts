import { type DehydratedState, dehydrate, hydrate, type QueryClient } from "@tanstack/react-query"
import type { CreatorProfile } from "#projections/creators/api.ts"
import type { PlaylistPage, PlaylistSummary } from "#projections/playlists/api.ts"
import type { PublicSongs, SongView } from "#projections/songs/api.ts"
import { creatorKeys } from "../features/creators/creator-keys.ts"
import { playlistKeys } from "../features/playlists/playlist-keys.ts"
import { songQuery } from "../features/song/song-queries.ts"
import { timelineQuery } from "../features/timeline/timeline-query.ts"
import { publicRoutes } from "../lib/public-routes.ts"
import { currentUserQuery } from "../lib/session.ts"
import { songKeys } from "../lib/song-cache.ts"
import { decodeWire } from "../lib/wire-shape.ts"

/** A creator's page as a visitor sees it: who they are, their public songs and playlists. */
export interface CreatorView {
  readonly profile: CreatorProfile
  readonly songs: ReadonlyArray<SongView>
  readonly playlists: ReadonlyArray<PlaylistSummary>
}

/**
 * What the server read for a page it draws: the public song at /song/:id, the timeline's first page, a
 * creator's page at /u/:username, or a public playlist at /playlist/:id.
 */
export interface FirstViewData {
  readonly song?: SongView
  readonly timeline?: PublicSongs
  readonly creator?: CreatorView
  readonly playlist?: PlaylistPage
}

/**
 * The server draws every page as a visitor sees it. Marked as old, the visitor's answer is asked again as
 * soon as the page's first render has taken over the server's markup (useQuery refetches stale data on
 * mount), so a signed-in person's page turns theirs after hydration rather than during it.
 */
export const seedVisitor = (queryClient: QueryClient) =>
  queryClient.setQueryData(currentUserQuery.queryKey, null, { updatedAt: 0 })

/** Puts what the server read into the cache under the keys the pages' own queries read. */
export const seedFirstView = (queryClient: QueryClient, data: FirstViewData) => {
  seedVisitor(queryClient)
  if (data.song) queryClient.setQueryData(songQuery(data.song.id).queryKey, data.song)
  if (data.timeline)
    queryClient.setQueryData(timelineQuery.queryKey, {
      pages: [data.timeline],
      pageParams: [timelineQuery.initialPageParam],
    })
  if (data.creator) {
    const { username } = data.creator.profile
    queryClient.setQueryData(creatorKeys.one(username), data.creator.profile)
    queryClient.setQueryData(songKeys.creator(username), data.creator.songs)
    queryClient.setQueryData(playlistKeys.creator(username), data.creator.playlists)
  }
  if (data.playlist) queryClient.setQueryData(playlistKeys.one(data.playlist.id), data.playlist)
}

/** The caches a drawn page is read from, as a visitor sees them: songs, creators' pages and playlists. */
export const drawnKeys = [songKeys.all, creatorKeys.all, playlistKeys.all] as const

/**
 * The cache's songs, creators and playlists as JSON, for the browser to start from: the visitor's session
 * is left out (each browser asks for its own), and dates travel as ISO text, as the API sends them. Only
 * the server calls it: what it needs is made here, not in the browser's first load.
 */
export const dehydrateFirstView = (queryClient: QueryClient) => {
  const drawnFrom = new Set<unknown>(drawnKeys.map(([prefix]) => prefix))
  return JSON.stringify(
    dehydrate(queryClient, { shouldDehydrateQuery: (query) => drawnFrom.has(query.queryKey[0]) }),
  )
}

const sameKey = (a: ReadonlyArray<unknown>, b: ReadonlyArray<unknown>) =>
  a.length === b.length && a.every((part, index) => part === b[index])

/**
 * A dehydrated query's data as its read decodes it (`readPublic`), or undefined for a key no public page
 * is drawn with or data that does not have its read's shape.
 */
const decodedData = (queryKey: ReadonlyArray<unknown>, data: unknown): unknown => {
  if (sameKey(queryKey, songKeys.public)) {
    const pages = Reflect.get(Object(data), "pages")
    const decoded = Array.isArray(pages)
      ? pages.map((page) => decodeWire(publicRoutes["songs.publicSongs"].success, page))
      : []
    if (decoded.length === 0 || decoded.some((page) => page === undefined)) return undefined
    return { pages: decoded, pageParams: Reflect.get(Object(data), "pageParams") }
  }
  const at = String(queryKey[2])
  if (sameKey(queryKey, songKeys.one(at)))
    return decodeWire(publicRoutes["songs.song"].success, data)
  if (sameKey(queryKey, songKeys.creator(at)))
    return decodeWire(publicRoutes["creators.creatorSongs"].success, data)
  if (sameKey(queryKey, playlistKeys.creator(at)))
    return decodeWire(publicRoutes["playlistReads.creatorPlaylists"].success, data)
  if (sameKey(queryKey, playlistKeys.one(at)))
    return decodeWire(publicRoutes["playlistReads.playlist"].success, data)
  const username = String(queryKey[1])
  if (sameKey(queryKey, creatorKeys.one(username)))
    return decodeWire(publicRoutes["creators.creator"].success, data)
  return undefined
}

/**
 * Starts the browser's cache from the state the server drew the page with (`dehydrateFirstView`), each
 * answer decoded as its read decodes it, so the app's first render is the server's markup.
 */
export const hydrateFirstView = (queryClient: QueryClient, json: string) => {
  seedVisitor(queryClient)
  const state = JSON.parse(json) as DehydratedState
  const queries = state.queries.flatMap((query) => {
    const data = decodedData(query.queryKey, query.state.data)
    return data === undefined ? [] : [{ ...query, state: { ...query.state, data } }]
  })
  hydrate(queryClient, { mutations: [], queries })
}
