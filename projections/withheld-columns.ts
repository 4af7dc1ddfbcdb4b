import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { HidingEvent, type ReportedKind, SuspensionEvent } from "#events/contracts/moderation.ts"
import type { SongTables } from "./songs/song-tables.ts"

/** The moderation events read models of songs and playlists follow: hidings, and owners' suspensions. */
export const moderationSchemas = [HidingEvent, SuspensionEvent] as const
export const moderationTypes = moderationSchemas.flatMap((schema) =>
  schema.members.map((m) => m._tag),
)

/**
 * What moderation did to an item or its owner, in order: a hiding, or an appeal that restores it, changes
 * one item; a suspension, every item of one owner. They are rare, so each is one statement.
 */
export type ModerationFact =
  | { readonly _tag: "hidden"; readonly itemId: string; readonly reason: string }
  | { readonly _tag: "restored"; readonly itemId: string }
  | { readonly _tag: "suspended"; readonly userId: string; readonly on: boolean }

/** What a moderation event does to the `kind` of item a read model keeps (songs, playlists). */
export const moderationFactOf =
  (kind: ReportedKind) =>
  (event: HidingEvent | SuspensionEvent): ModerationFact | undefined => {
    switch (event._tag) {
      case "AccountSuspended":
      case "SuspensionLifted":
        return { _tag: "suspended", userId: event.userId, on: event._tag === "AccountSuspended" }
      case "ReportsDecided":
        return event.kind === kind && event.outcome === "hidden"
          ? { _tag: "hidden", itemId: event.itemId, reason: event.reason }
          : undefined
      case "AppealDecided":
        return event.kind === kind && event.restored
          ? { _tag: "restored", itemId: event.itemId }
          : undefined
    }
  }

/** Where a read model keeps what moderation withholds: its items' table, their ids' and owners' columns. */
export interface WithheldTable {
  readonly table: string
  readonly id: string
  readonly owner: string
  /** Its people's table, which keeps who is suspended for items saved later. */
  readonly people?: string
}

/**
 * An item (a song, a playlist) is shown to others when its owner made it public (`chosen_public`), no
 * admin hid it (`hidden`, the note its owner reads) and its owner is not suspended; `is_public`, which
 * every public read asks, is kept as exactly that.
 */
export const withheldColumnsSql = ({ table, people }: WithheldTable) => [
  `alter table ${table} add column if not exists chosen_public boolean`,
  `update ${table} set chosen_public = is_public where chosen_public is null`,
  `alter table ${table} add column if not exists hidden jsonb`,
  `alter table ${table} add column if not exists owner_suspended boolean not null default false`,
  ...(people === undefined
    ? []
    : [`alter table ${people} add column if not exists suspended boolean not null default false`]),
]

export const songsWithheld = (t: SongTables): WithheldTable => ({
  table: t.songs,
  id: "song_id",
  owner: "owner_id",
  people: t.creators,
})

const statementOf = (
  { table, id, owner, people }: WithheldTable,
  fact: ModerationFact,
): readonly [string, ReadonlyArray<unknown>] => {
  switch (fact._tag) {
    case "hidden":
      return [
        `update ${table} set hidden = jsonb_build_object('reason', $2::text),
           is_public = false where ${id} = $1`,
        [fact.itemId, fact.reason],
      ]
    case "restored":
      return [
        `update ${table} set hidden = null, is_public = chosen_public and not owner_suspended
          where ${id} = $1`,
        [fact.itemId],
      ]
    case "suspended":
      return [
        `${people === undefined ? "" : `with owner as (update ${people} set suspended = $2 where user_id = $1)`}
         update ${table} set owner_suspended = $2,
           is_public = chosen_public and hidden is null and not $2 where ${owner} = $1`,
        [fact.userId, fact.on],
      ]
  }
}

export const writeWithheld = (t: WithheldTable, facts: ReadonlyArray<ModerationFact>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.forEach(
      facts,
      (fact) => {
        const [statement, params] = statementOf(t, fact)
        return sql.unsafe(statement, params as Array<unknown>)
      },
      { discard: true },
    ),
  )

/** Songs saved in a batch by an owner suspended before: kept from others like the rest of theirs. */
export const keepSuspendedOwnersSongs = (t: SongTables, songIds: ReadonlyArray<string>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    songIds.length === 0
      ? Effect.void
      : sql
          .unsafe(
            `update ${t.songs} s set owner_suspended = true, is_public = false
               from ${t.creators} c
              where c.user_id = s.owner_id and c.suspended and s.song_id = any($1::text[])`,
            [songIds],
          )
          .pipe(Effect.asVoid),
  )
