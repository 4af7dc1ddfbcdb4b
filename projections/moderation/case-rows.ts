import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { CaseEvent, SuspensionEvent } from "#events/contracts/moderation.ts"

/** One decision, appeal or suspension, as the moderation read model keeps it. */
export const writeCase = (
  event: Exclude<CaseEvent, { _tag: "ReportFiled" }> | SuspensionEvent,
  at: Date,
) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    switch (event._tag) {
      case "ReportsDecided": {
        const ids = event.reports.map((r) => r.reportId)
        const closed = sql`
          update moderation_reports set outcome = ${event.outcome}, decided_at = ${at}
           where report_id in ${sql.in(ids.length > 0 ? ids : [""])}`
        return event.outcome !== "hidden"
          ? closed
          : Effect.zipRight(
              closed,
              sql`
                insert into moderation_hidden (kind, item_id, author_id, admin_id, reason, hidden_at)
                values (${event.kind}, ${event.itemId}, ${event.authorId}, ${event.adminId},
                        ${event.reason}, ${at})
                on conflict (kind, item_id) do update set admin_id = excluded.admin_id,
                  reason = excluded.reason, hidden_at = excluded.hidden_at`,
            )
      }
      case "HidingAppealed":
        return sql`
          insert into moderation_appeals (kind, item_id, author_id, text, appealed_at)
          values (${event.kind}, ${event.itemId}, ${event.authorId}, ${event.text}, ${at})
          on conflict (kind, item_id) do update set text = excluded.text, appealed_at = excluded.appealed_at`
      case "AppealDecided": {
        const decided = sql`
          delete from moderation_appeals where kind = ${event.kind} and item_id = ${event.itemId}`
        return event.restored
          ? Effect.zipRight(
              decided,
              sql`delete from moderation_hidden where kind = ${event.kind} and item_id = ${event.itemId}`,
            )
          : decided
      }
      case "AccountSuspended":
        return sql`
          insert into moderation_suspensions (user_id, admin_id, reason, until, since)
          values (${event.userId}, ${event.adminId}, ${event.reason}, ${event.until}, ${at})
          on conflict (user_id) do update set admin_id = excluded.admin_id, reason = excluded.reason,
            until = excluded.until, since = excluded.since`
      case "SuspensionLifted":
        return sql`delete from moderation_suspensions where user_id = ${event.userId}`
    }
  }).pipe(Effect.asVoid)
