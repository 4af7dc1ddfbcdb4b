import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { EventStore, EventWakeups } from "#events/store/index.ts"
import { creatorSummaryOf } from "../creators/api.ts"
import { makeOwnWritesWait } from "../own-writes.ts"
import { songRowSelect } from "../songs/song-columns.ts"
import type { SongRow } from "../songs/song-rows.ts"
import { toView } from "../songs/song-view.ts"
import { PlaylistHit, SearchResults } from "./api.ts"
import { search, searchSongTables } from "./projection.ts"
import { searchTerms } from "./search-terms.ts"

/** The most creators, and playlists, one search lists beside its songs. */
const creatorsPerSearch = 8
const playlistsPerSearch = 8

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
      const sql = yield* SqlClient.SqlClient
      const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups | EventStore>()
      const ownWrites = yield* makeOwnWritesWait([search])

      const songs = (terms: string, limit: number, viewerId: string | undefined) =>
        sql.unsafe<SongRow>(
          `select ${songRowSelect(searchSongTables, viewerId === undefined ? undefined : "$2")}
            where s.document @@ to_tsquery('simple', $1) and (s.is_public or s.owner_id = $2)
            order by ts_rank(s.document, to_tsquery('simple', $1)) desc, s.likes desc,
                     s.created_at desc, s.song_id
            limit $3`,
          [terms, viewerId ?? "", limit],
        )

      const creators = (terms: string) =>
        sql.unsafe<{ username: string; name: string; avatar_key: string | null }>(
          `select username, name, avatar_key from search_people
            where document @@ to_tsquery('simple', $1)
            order by ts_rank(document, to_tsquery('simple', $1)) desc, username limit $2`,
          [terms, creatorsPerSearch],
        )

      const playlists = (terms: string, viewerId: string | undefined) =>
        sql.unsafe<{ id: string; name: string; username: string; isPublic: boolean }>(
          `select p.playlist_id as id, p.name, c.username, p.is_public as "isPublic"
             from search_playlists p join search_people c on c.user_id = p.owner_id
            where p.document @@ to_tsquery('simple', $1) and (p.is_public or p.owner_id = $2)
            order by ts_rank(p.document, to_tsquery('simple', $1)) desc, p.name, p.playlist_id
            limit $3`,
          [terms, viewerId ?? "", playlistsPerSearch],
        )

      return SearchReads.of({
        search: (question, limit, viewerId) => {
          const terms = searchTerms(question)
          if (terms === undefined) return Effect.succeed(nothing)
          return Effect.zipRight(
            ownWrites,
            Effect.all(
              [songs(terms, limit, viewerId), creators(terms), playlists(terms, viewerId)],
              {
                concurrency: "unbounded",
              },
            ).pipe(
              Effect.map(
                ([found, people, lists]) =>
                  new SearchResults(
                    {
                      songs: found.map(toView),
                      creators: people.map(creatorSummaryOf),
                      playlists: lists.map(
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
                  ),
              ),
              Effect.provide(context),
              Effect.orDie,
              Effect.withSpan("search"),
            ),
          )
        },
      })
    }),
  )
}
