import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import {
  type ModerationFact,
  moderationFactOf,
  moderationSchemas,
  moderationTypes,
  type WithheldTable,
  writeWithheld,
} from "../withheld-columns.ts"

export const playlistsWithheld: WithheldTable = {
  table: "playlists",
  id: "playlist_id",
  owner: "owner_id",
}

const types: ReadonlySet<string> = new Set(moderationTypes)
const decode = decodeAll(Schema.Union(...moderationSchemas))
const playlistFact = moderationFactOf("playlist")

/**
 * Hidings of playlists and suspensions of their owners; then lists made in the batch by owners suspended
 * before (as the song tables' people know them) are kept from others like the rest of theirs.
 */
export const writePlaylistModeration = (
  events: ReadonlyArray<RecordedEvent>,
  created: ReadonlyArray<string>,
  lists: WithheldTable,
  people: string,
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const history = yield* decode(events.filter((e) => types.has(e.type)))
    const facts = history.flatMap(({ event }): ReadonlyArray<ModerationFact> => {
      const fact = playlistFact(event)
      return fact === undefined ? [] : [fact]
    })
    yield* writeWithheld(lists, facts)
    if (created.length === 0) return
    yield* sql.unsafe(
      `update ${lists.table} p set owner_suspended = true, is_public = false
         from ${people} c
        where c.user_id = p.owner_id and c.suspended and p.playlist_id = any($1::text[])`,
      [created],
    )
  })
