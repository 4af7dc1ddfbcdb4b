import type { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { EventStore, EventWakeups } from "#events/store/index.ts"
import { creatorSummaryOf } from "../creators/api.ts"
import { makeOwnWritesWait } from "../own-writes.ts"
import { toView } from "../songs/song-view.ts"
import { PlaylistHit, SearchResults } from "./api.ts"
import { makeKeptSearches } from "./kept-searches.ts"
import { search } from "./projection.ts"
import { bestFirst, playlistsPerSearch, rankPrivate, rowsOf } from "./ranking.ts"
import { searchTerms } from "./search-terms.ts"

const nothing = new SearchResults({ songs: [], creators: [], playlists: [] }, true)

/** Searches the search read model (see projection.ts), after this process's own writes are in it. */
export class SearchReads extends Context.Tag("@melody/projections/SearchReads")<
  SearchReads,
  {
    /** Songs best first (public ones, and the viewer's own private ones), creators and playlists. */
    readonly search: (
      question: string,
      limit: number,
      viewerId: string | undefined,
    ) => Effect.Effect<SearchResults>
  }
>() {
  static readonly live = Layer.effect(
    SearchReads,
    Effect.gen(function* () {
      const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups | EventStore>()
      const ownWrites = yield* makeOwnWritesWait([search])
      const publicHits = yield* makeKeptSearches

      const find = (terms: string, limit: number, viewerId: string | undefined) =>
        Effect.gen(function* () {
          const everyone = yield* publicHits(terms, limit)
          const own =
            viewerId === undefined
              ? { songs: [], playlists: [] }
              : yield* rankPrivate(terms, viewerId)
          const found = {
            songs: [...everyone.songs, ...own.songs],
            playlists: [...everyone.playlists, ...own.playlists],
          }
          const rows = yield* rowsOf(found, viewerId)
          const songs = bestFirst(
            found.songs,
            rows.songs,
            (s) => s.songId,
            (a, b) =>
              b.likes - a.likes ||
              b.createdAt.getTime() - a.createdAt.getTime() ||
              (a.songId < b.songId ? -1 : 1),
            limit,
          )
          const playlists = bestFirst(
            found.playlists,
            rows.playlists,
            (p) => p.id,
            (a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1),
            playlistsPerSearch,
          )
          return new SearchResults(
            {
              songs: songs.map(toView),
              creators: everyone.creators.map(creatorSummaryOf),
              playlists: playlists.map(
                (p) =>
                  new PlaylistHit(
                    {
                      id: p.id,
                      name: p.name,
                      owner: { username: p.username },
                      isPublic: p.isPublic,
                    },
                    true,
                  ),
              ),
            },
            true,
          )
        })

      return SearchReads.of({
        search: (question, limit, viewerId) => {
          const terms = searchTerms(question)
          if (terms === undefined) return Effect.succeed(nothing)
          return Effect.zipRight(
            ownWrites,
            find(terms, limit, viewerId).pipe(Effect.provide(context), Effect.withSpan("search")),
          )
        },
      })
    }),
  )
}
