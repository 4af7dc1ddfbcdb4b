import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { songRowSelect } from "../songs/song-columns.ts"
import type { SongRow } from "../songs/song-rows.ts"
import { searchSongTables } from "./projection.ts"

/** The most creators, and playlists, one search lists beside its songs. */
export const creatorsPerSearch = 8
export const playlistsPerSearch = 8

/** A song or playlist a search found, with how well it matched (PostgreSQL's `ts_rank`). */
export interface Ranked {
  readonly id: string
  readonly rank: number
}

export interface PersonHit {
  readonly username: string
  readonly name: string
  readonly avatar_key: string | null
}

export interface PlaylistRow {
  readonly id: string
  readonly name: string
  readonly username: string
  readonly isPublic: boolean
}

/**
 * What a search finds that anyone may see: the best public songs and playlists, and creators. The same
 * for every reader, so it may be kept (kept-searches.ts); what is one reader's is added per request.
 * `$1` is the text-search query of every statement.
 */
export const rankPublic = (terms: string, limit: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all(
      {
        songs: sql.unsafe<Ranked>(
          `select song_id as id, ts_rank(document, to_tsquery('simple', $1)) as rank from search_songs
            where document @@ to_tsquery('simple', $1) and is_public
            order by rank desc, likes desc, created_at desc, song_id limit $2`,
          [terms, limit],
        ),
        playlists: sql.unsafe<Ranked>(
          `select playlist_id as id, ts_rank(document, to_tsquery('simple', $1)) as rank from search_playlists
            where document @@ to_tsquery('simple', $1) and is_public
            order by rank desc, name, playlist_id limit $2`,
          [terms, playlistsPerSearch],
        ),
        creators: sql.unsafe<PersonHit>(
          `select username, name, avatar_key from search_people
            where document @@ to_tsquery('simple', $1)
            order by ts_rank(document, to_tsquery('simple', $1)) desc, username limit $2`,
          [terms, creatorsPerSearch],
        ),
      },
      { concurrency: "unbounded" },
    ),
  ).pipe(Effect.orDie, Effect.withSpan("rankSearch"))

export type PublicHits = Effect.Effect.Success<ReturnType<typeof rankPublic>>

/** The viewer's own private songs and playlists the search finds: only their owner's search shows them. */
export const rankPrivate = (terms: string, viewerId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all(
      {
        songs: sql.unsafe<Ranked>(
          `select song_id as id, ts_rank(document, to_tsquery('simple', $1)) as rank from search_songs
            where owner_id = $2 and not is_public and document @@ to_tsquery('simple', $1)`,
          [terms, viewerId],
        ),
        playlists: sql.unsafe<Ranked>(
          `select playlist_id as id, ts_rank(document, to_tsquery('simple', $1)) as rank from search_playlists
            where owner_id = $2 and not is_public and document @@ to_tsquery('simple', $1)`,
          [terms, viewerId],
        ),
      },
      { concurrency: "unbounded" },
    ),
  ).pipe(Effect.orDie)

/**
 * The songs and playlists among those found that the viewer may see now, as they are now: one turned
 * private since it was found is left out for everyone but its owner.
 */
export const rowsOf = (
  found: { readonly songs: ReadonlyArray<Ranked>; readonly playlists: ReadonlyArray<Ranked> },
  viewerId: string | undefined,
) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all(
      {
        songs:
          found.songs.length === 0
            ? Effect.succeed([])
            : sql.unsafe<SongRow>(
                `select ${songRowSelect(searchSongTables, viewerId === undefined ? undefined : "$2")}
                  where s.song_id = any($1::text[]) and (s.is_public or s.owner_id = $2)`,
                [found.songs.map((s) => s.id), viewerId ?? ""],
              ),
        playlists:
          found.playlists.length === 0
            ? Effect.succeed([])
            : sql.unsafe<PlaylistRow>(
                `select p.playlist_id as id, p.name, c.username, p.is_public as "isPublic"
                   from search_playlists p join search_people c on c.user_id = p.owner_id
                  where p.playlist_id = any($1::text[]) and (p.is_public or p.owner_id = $2)`,
                [found.playlists.map((p) => p.id), viewerId ?? ""],
              ),
      },
      { concurrency: "unbounded" },
    ),
  ).pipe(Effect.orDie)

/**
 * `rows` best first by their rank in `found`, then by the order each list breaks ties in, `limit` of
 * them: the public ones found and the viewer's own, merged.
 */
export const bestFirst = <R>(
  found: ReadonlyArray<Ranked>,
  rows: ReadonlyArray<R>,
  idOf: (row: R) => string,
  tieBreak: (a: R, b: R) => number,
  limit: number,
) => {
  const rankOf = new Map(found.map((f) => [f.id, f.rank] as const))
  return [...rows]
    .sort((a, b) => (rankOf.get(idOf(b)) ?? 0) - (rankOf.get(idOf(a)) ?? 0) || tieBreak(a, b))
    .slice(0, limit)
}
