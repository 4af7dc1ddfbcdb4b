import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { PlaylistEvent } from "#events/contracts/playlists.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"
import { writePlaylistModeration } from "../playlists/playlist-moderation.ts"
import { type WithheldTable, withheldColumnsSql } from "../withheld-columns.ts"

/** A playlist is found by its name over its description. */
export const playlistDocument = `setweight(to_tsvector('simple', name), 'A')
  || setweight(to_tsvector('simple', description), 'B')`

export const playlistTypes: ReadonlyArray<string> = PlaylistEvent.members.map((m) => m._tag)

const searchPlaylistsWithheld: WithheldTable = {
  table: "search_playlists",
  id: "playlist_id",
  owner: "owner_id",
}

export const searchPlaylistsSql = [
  `create table if not exists search_playlists (
    playlist_id text primary key,
    owner_id text not null,
    name text not null,
    description text not null,
    is_public boolean not null
  )`,
  `alter table search_playlists add column if not exists document tsvector
     generated always as (${playlistDocument}) stored`,
  "create index if not exists search_playlists_document on search_playlists using gin (document)",
  "create index if not exists search_playlists_private on search_playlists (owner_id) where not is_public",
  ...withheldColumnsSql(searchPlaylistsWithheld),
]

const decode = decodeAll(PlaylistEvent)

/** Playlists as a batch leaves them: made, renamed, shared or kept private, deleted. */
export const writePlaylists = (
  events: ReadonlyArray<RecordedEvent>,
  moderated: ReadonlyArray<RecordedEvent>,
  people: string,
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const created = new Map<
      string,
      { id: string; ownerId: string; name: string; description: string; isPublic: boolean }
    >()
    const texts = new Map<string, { name: string; description: string }>()
    const privacy = new Map<string, boolean>()
    const deleted = new Set<string>()
    for (const { event } of yield* decode(events)) {
      const id = event.playlistId
      if (event._tag === "PlaylistCreated") created.set(id, { ...event, id })
      else if (event._tag === "PlaylistEdited") texts.set(id, event)
      else if (event._tag === "PlaylistMadePublic" || event._tag === "PlaylistMadePrivate")
        privacy.set(id, event._tag === "PlaylistMadePublic")
      else if (event._tag === "PlaylistDeleted") deleted.add(id)
    }
    yield* insertRows(
      "search_playlists",
      [
        ["playlist_id", "text", (p) => p.id],
        ["owner_id", "text", (p) => p.ownerId],
        ["name", "text", (p) => p.name],
        ["description", "text", (p) => p.description],
        ["is_public", "boolean", (p) => p.isPublic],
        ["chosen_public", "boolean", (p) => p.isPublic],
      ],
      [...created.values()],
      "on conflict (playlist_id) do nothing",
    )
    if (texts.size > 0)
      yield* sql.unsafe(
        `update search_playlists p set name = t.name, description = t.description
           from unnest($1::text[], $2::text[], $3::text[]) as t(playlist_id, name, description)
          where p.playlist_id = t.playlist_id`,
        [
          [...texts.keys()],
          [...texts.values()].map((t) => t.name),
          [...texts.values()].map((t) => t.description),
        ],
      )
    if (privacy.size > 0)
      yield* sql.unsafe(
        `update search_playlists p set chosen_public = v.chosen,
                is_public = v.chosen and p.hidden is null and not p.owner_suspended
           from unnest($1::text[], $2::boolean[]) as v(playlist_id, chosen)
          where p.playlist_id = v.playlist_id`,
        [[...privacy.keys()], [...privacy.values()]],
      )
    yield* writePlaylistModeration(moderated, [...created.keys()], searchPlaylistsWithheld, people)
    if (deleted.size > 0)
      yield* sql.unsafe("delete from search_playlists where playlist_id = any($1::text[])", [
        [...deleted],
      ])
  })
