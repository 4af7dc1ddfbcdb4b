import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { AppealDecided, HidingAppealed, ReportsDecided } from "#events/contracts/moderation.ts"
import { hiddenAfter } from "#events/withheld.ts"

export const hidingTypes = ["ReportsDecided", "HidingAppealed", "AppealDecided"]

/**
 * A hidden comment keeps its row with the note its author reads; a hidden song keeps its comments from
 * everyone but its owner, as a private one does.
 */
export const applyHiding = (event: ReportsDecided | HidingAppealed | AppealDecided) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    const id = event.itemId
    if (event.kind === "song") {
      const hidden = event._tag === "HidingAppealed" ? undefined : hiddenAfter(event)
      return hidden === undefined
        ? Effect.void
        : sql`update comment_songs set hidden = ${hidden} where song_id = ${id}`
    }
    if (event.kind !== "comment") return Effect.void
    switch (event._tag) {
      case "ReportsDecided":
        return event.outcome !== "hidden"
          ? Effect.void
          : sql`
              update song_comments
                 set hidden = jsonb_build_object('reason', ${event.reason}::text, 'appeal', 'none')
               where comment_id = ${id}`
      case "HidingAppealed":
        return sql`
          update song_comments set hidden = hidden || '{"appeal":"open"}'
           where comment_id = ${id} and hidden is not null`
      case "AppealDecided":
        return event.restored
          ? sql`update song_comments set hidden = null where comment_id = ${id}`
          : sql`
              update song_comments
                 set hidden = hidden || '{"appeal":"decided"}'
               where comment_id = ${id} and hidden is not null`
    }
  }).pipe(Effect.asVoid)
