import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { CreatorAvatarChanged, CreatorProfileEdited } from "#events/contracts/community.ts"
import { UserRegistered } from "#events/contracts/identity.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"
import type { Projection } from "../runner.ts"
import { readSongFacts, songFactTypes } from "../songs/song-facts.ts"
import { type SongTables, songTablesSql, writeSongFacts } from "../songs/song-tables.ts"
import { playlistTypes, searchPlaylistsSql, writePlaylists } from "./search-playlists.ts"

/**
 * What search finds: every song (its title, style and lyrics, each weighed, in one full-text document),
 * every creator (username and name) and every playlist (name and description). Which songs and playlists
 * a searcher may see is decided when reading.
 */

export const searchSongTables: SongTables = {
  songs: "search_songs",
  likes: "search_likes",
  creators: "search_song_names",
}

/**
 * Words in any language, as written: no stemming and no stop words, so a line of lyrics is found as
 * sung, and the last word typed matches as a prefix.
 */
export const songDocument = `setweight(to_tsvector('simple', title), 'A')
  || setweight(to_tsvector('simple', style), 'B')
  || setweight(to_tsvector('simple', lyrics), 'C')`

export const personDocument = `setweight(to_tsvector('simple', username), 'A')
  || setweight(to_tsvector('simple', name), 'B')`

const peopleTypes = new Set(["UserRegistered", "CreatorProfileEdited", "CreatorAvatarChanged"])
const songTypes = new Set(songFactTypes)
const listTypes = new Set(playlistTypes)
const decodePeople = decodeAll(
  Schema.Union(UserRegistered, CreatorProfileEdited, CreatorAvatarChanged),
)

const writePeople = (events: ReadonlyArray<RecordedEvent>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const history = yield* decodePeople(events)
    // The last word on each person's name and picture in the batch is what is found.
    const registered = new Map<string, { userId: string; username: string; name: string }>()
    const renamed = new Map<string, string>()
    const pictured = new Map<string, string | null>()
    for (const { event } of history) {
      if (event._tag === "CreatorAvatarChanged") pictured.set(event.userId, event.avatarKey)
      else if (event._tag === "UserRegistered") registered.set(event.userId, { ...event })
      else if (registered.has(event.userId))
        registered.set(event.userId, { ...registered.get(event.userId)!, name: event.name })
      else renamed.set(event.userId, event.name)
    }
    yield* insertRows(
      "search_people",
      [
        ["user_id", "text", (p) => p.userId],
        ["username", "text", (p) => p.username],
        ["name", "text", (p) => p.name],
      ],
      [...registered.values()],
      "on conflict (user_id) do nothing",
    )
    if (renamed.size > 0)
      yield* sql.unsafe(
        `update search_people p set name = r.name
           from unnest($1::text[], $2::text[]) as r(user_id, name) where p.user_id = r.user_id`,
        [[...renamed.keys()], [...renamed.values()]],
      )
    if (pictured.size > 0)
      yield* sql.unsafe(
        `update search_people p set avatar_key = a.avatar_key
           from unnest($1::text[], $2::text[]) as a(user_id, avatar_key) where p.user_id = a.user_id`,
        [[...pictured.keys()], [...pictured.values()]],
      )
  })

export const search: Projection = {
  name: "search",
  revision: 3,
  tables: [
    searchSongTables.songs,
    searchSongTables.likes,
    searchSongTables.creators,
    "search_people",
    "search_playlists",
  ],
  types: [...new Set([...songFactTypes, ...peopleTypes, ...playlistTypes])],
  onPoison: "skip",
  stamped: true,
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const statement of songTablesSql(searchSongTables)) yield* sql.unsafe(statement)
    yield* sql.unsafe(
      `alter table search_songs add column if not exists document tsvector
         generated always as (${songDocument}) stored`,
    )
    yield* sql`create index if not exists search_songs_document on search_songs using gin (document)`
    // A person's own private songs, which only their search finds (ranking.ts: rankPrivate).
    yield* sql`
      create index if not exists search_songs_private on search_songs (owner_id) where not is_public`
    yield* sql`
      create table if not exists search_people (
        user_id text primary key,
        username text not null,
        name text not null,
        avatar_key text
      )`
    yield* sql.unsafe(
      `alter table search_people add column if not exists document tsvector
         generated always as (${personDocument}) stored`,
    )
    yield* sql`create index if not exists search_people_document on search_people using gin (document)`
    for (const statement of searchPlaylistsSql) yield* sql.unsafe(statement)
  }),
  apply: (events) =>
    Effect.gen(function* () {
      const facts = yield* readSongFacts(events.filter((e) => songTypes.has(e.type)))
      yield* writeSongFacts(searchSongTables, facts, () => ({}))
      yield* writePeople(events.filter((e) => peopleTypes.has(e.type)))
      yield* writePlaylists(
        events.filter((e) => listTypes.has(e.type)),
        events,
        searchSongTables.creators,
      )
    }),
}
