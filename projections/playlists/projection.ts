import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { PlaylistEvent } from "#events/contracts/playlists.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"
import type { Projection } from "../runner.ts"
import { readSongFacts, songFactTypes } from "../songs/song-facts.ts"
import { type SongTables, songTablesSql, writeSongFacts } from "../songs/song-tables.ts"
import { withheldColumnsSql } from "../withheld-columns.ts"
import { foldPlaylists } from "./playlist-changes.ts"
import { playlistsWithheld, writePlaylistModeration } from "./playlist-moderation.ts"

/**
 * Playlists as people read them: each list, its songs in order, and every song (so whether a song in a
 * list is shown to a viewer is decided where the list is read, by the song's current privacy).
 */

export const playlistSongTables: SongTables = {
  songs: "playlist_catalog_songs",
  likes: "playlist_catalog_likes",
  creators: "playlist_catalog_creators",
}

const playlistTypes = new Set<string>(PlaylistEvent.members.map((m) => m._tag))
const songTypes = new Set(songFactTypes)
const decode = decodeAll(PlaylistEvent)

const writePlaylists = (
  events: ReadonlyArray<RecordedEvent>,
  moderated: ReadonlyArray<RecordedEvent>,
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const changes = foldPlaylists(yield* decode(events))
    yield* insertRows(
      "playlists",
      [
        ["playlist_id", "text", (p) => p.playlistId],
        ["owner_id", "text", (p) => p.ownerId],
        ["name", "text", (p) => p.name],
        ["description", "text", (p) => p.description],
        ["is_public", "boolean", (p) => p.isPublic],
        ["chosen_public", "boolean", (p) => p.isPublic],
        ["created_at", "timestamptz", (p) => p.at],
        ["changed_at", "timestamptz", (p) => p.at],
      ],
      changes.created,
      "on conflict (playlist_id) do nothing",
    )
    if (changes.texts.length > 0) {
      yield* sql.unsafe(
        `update playlists p set name = t.name, description = t.description
           from unnest($1::text[], $2::text[], $3::text[]) as t(playlist_id, name, description)
          where p.playlist_id = t.playlist_id`,
        [
          changes.texts.map((t) => t.playlistId),
          changes.texts.map((t) => t.name),
          changes.texts.map((t) => t.description),
        ],
      )
    }
    if (changes.privacy.size > 0) {
      yield* sql.unsafe(
        `update playlists p set chosen_public = v.chosen,
                is_public = v.chosen and p.hidden is null and not p.owner_suspended
           from unnest($1::text[], $2::boolean[]) as v(playlist_id, chosen)
          where p.playlist_id = v.playlist_id`,
        [[...changes.privacy.keys()], [...changes.privacy.values()]],
      )
    }
    if (changes.changedAt.size > 0) {
      yield* sql.unsafe(
        `update playlists p set changed_at = greatest(p.changed_at, v.at)
           from unnest($1::text[], $2::timestamptz[]) as v(playlist_id, at)
          where p.playlist_id = v.playlist_id`,
        [[...changes.changedAt.keys()], [...changes.changedAt.values()]],
      )
    }
    const placed = changes.entries.filter((e) => e.position !== null)
    yield* insertRows(
      "playlist_entries",
      [
        ["playlist_id", "text", (e) => e.playlistId],
        ["song_id", "text", (e) => e.songId],
        ["position", "int", (e) => e.position],
        ["added_at", "timestamptz", (e) => e.at],
      ],
      placed,
      "on conflict (playlist_id, song_id) do update set position = excluded.position",
    )
    const removed = changes.entries.filter((e) => e.position === null)
    if (removed.length > 0) {
      yield* sql.unsafe(
        `delete from playlist_entries e using unnest($1::text[], $2::text[]) as r(playlist_id, song_id)
          where e.playlist_id = r.playlist_id and e.song_id = r.song_id`,
        [removed.map((e) => e.playlistId), removed.map((e) => e.songId)],
      )
    }
    yield* writePlaylistModeration(
      moderated,
      changes.created.map((p) => p.playlistId),
      playlistsWithheld,
      playlistSongTables.creators,
    )
    if (changes.deleted.size > 0) {
      const ids = [...changes.deleted]
      yield* sql.unsafe(`delete from playlist_entries where playlist_id = any($1::text[])`, [ids])
      yield* sql.unsafe(`delete from playlists where playlist_id = any($1::text[])`, [ids])
    }
  })

export const playlists: Projection = {
  name: "playlists",
  revision: 1,
  tables: [
    playlistSongTables.songs,
    playlistSongTables.likes,
    playlistSongTables.creators,
    "playlists",
    "playlist_entries",
  ],
  types: [...new Set([...songFactTypes, ...playlistTypes])],
  onPoison: "skip",
  stamped: true,
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const statement of songTablesSql(playlistSongTables)) yield* sql.unsafe(statement)
    yield* sql`
      create table if not exists playlists (
        playlist_id text primary key,
        owner_id text not null,
        name text not null,
        description text not null,
        is_public boolean not null,
        created_at timestamptz not null,
        changed_at timestamptz not null
      )`
    for (const statement of withheldColumnsSql(playlistsWithheld)) yield* sql.unsafe(statement)
    yield* sql`
      create index if not exists playlists_by_owner on playlists (owner_id, changed_at desc)`
    yield* sql`
      create table if not exists playlist_entries (
        playlist_id text not null,
        song_id text not null,
        position integer not null,
        added_at timestamptz not null,
        primary key (playlist_id, song_id)
      )`
    yield* sql`
      create index if not exists playlist_entries_in_order on playlist_entries (playlist_id, position)`
    // A creator's playlists are asked for by their username, as a page's address names them.
    yield* sql.unsafe(
      `create index if not exists ${playlistSongTables.creators}_by_username
         on ${playlistSongTables.creators} (lower(username))`,
    )
  }),
  apply: (events) =>
    Effect.gen(function* () {
      const facts = yield* readSongFacts(events.filter((e) => songTypes.has(e.type)))
      yield* writeSongFacts(playlistSongTables, facts, () => ({}))
      yield* writePlaylists(
        events.filter((e) => playlistTypes.has(e.type)),
        events,
      )
    }),
}
