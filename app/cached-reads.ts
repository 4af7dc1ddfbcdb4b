import { Effect } from "effect"
import { creators } from "#projections/creators/projection.ts"
import { playlists } from "#projections/playlists/projection.ts"
import { makeReadStamps } from "#projections/read-stamps.ts"
import { searchRefreshConfig } from "#projections/search/kept-searches.ts"
import { search } from "#projections/search/projection.ts"
import type { SongReads } from "#projections/songs/song-reads.ts"
import type { CachedRead } from "./http/response-cache.ts"

const megabytes = 1024 * 1024

/** A creator's playlists are the playlists read model's, under the creator's path. */
const creatorPlaylists = /^\/api\/creators\/[^/]+\/playlists$/

/**
 * The reads whose answers the edge keeps (http/response-cache.ts), each with the stamp of the read model it
 * answers from: the timeline's pages and newest songs, Trending, playlists, creators' pages and the
 * Following tab, and searches. The timeline keeps the most: a page of 20 songs with short lyrics is about
 * 11 KB; pages with long lyrics take more, and those that do not fit are cut again from the songs the
 * timeline keeps.
 */
export const makeCachedReads = (songs: SongReads["Type"]) =>
  Effect.gen(function* () {
    const stampOf = yield* makeReadStamps([creators, playlists, search])
    const searchRefreshSeconds = yield* searchRefreshConfig
    const reads: ReadonlyArray<CachedRead> = [
      {
        answers: (path) => path === "/api/songs/public" || path === "/api/songs/newest",
        stamp: songs.publicStamp,
        budget: 64 * megabytes,
      },
      {
        answers: (path) => path === "/api/songs/trending",
        stamp: songs.trendingStamp,
        budget: 8 * megabytes,
      },
      {
        answers: (path) => path.startsWith("/api/playlists/") || creatorPlaylists.test(path),
        stamp: stampOf(playlists),
        budget: 16 * megabytes,
      },
      {
        answers: (path) => path.startsWith("/api/creators/") || path === "/api/following/songs",
        stamp: stampOf(creators),
        budget: 16 * megabytes,
      },
      {
        answers: (path) => path === "/api/search",
        stamp: stampOf(search),
        budget: 8 * megabytes,
        // What a search found is kept and found again only when asked (kept-searches.ts).
        ...(searchRefreshSeconds > 0 ? { maxAge: searchRefreshSeconds * 1000 } : {}),
      },
    ]
    return reads
  })
