import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { HidingEvent } from "#events/contracts/moderation.ts"
import { hiddenAfter } from "#events/withheld.ts"
import { recount } from "./shown-count.ts"

export const hidingTypes = ["ReportsDecided", "AppealDecided"]

/**
 * A hidden comment keeps its row with the reason its author reads; a hidden song keeps its comments from
 * everyone but its owner, as a private one does.
 */
export const applyHiding = (event: HidingEvent) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    const hidden = hiddenAfter(event)
    if (hidden === undefined) return Effect.void
    const id = event.itemId
    switch (event.kind) {
      case "song":
        return sql`update comment_songs set hidden = ${hidden} where song_id = ${id}`
      case "comment":
        return Effect.zipRight(
          sql`
            update song_comments
               set hidden = ${hidden ? sql`jsonb_build_object('reason', ${event.reason}::text)` : null}
             where comment_id = ${id}`,
          recount(sql`select song_id from song_comments where comment_id = ${id}`),
        )
      default:
        return Effect.void
    }
  }).pipe(Effect.asVoid)
