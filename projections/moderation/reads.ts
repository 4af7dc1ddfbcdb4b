import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { ReportedKind, ReportReason } from "#events/contracts/moderation.ts"
import type { EventStore, EventWakeups } from "#events/store/index.ts"
import { makeOwnWritesWait } from "../own-writes.ts"
import { QueuedReport, type QueueParams, ReportedItem, ReportQueue } from "./api.ts"
import { moderation } from "./projection.ts"

/** How many of an item's reports the queue shows with it. */
const reportsPerItem = 20

interface ItemRow {
  readonly kind: ReportedKind
  readonly id: string
  readonly author: string | null
  readonly seen: string
  readonly count: number
  readonly reports: ReadonlyArray<{
    readonly reporter: string | null
    readonly reason: ReportReason
    readonly details: string
    readonly filedAt: string
  }>
}

/** The moderation queue as its read model holds it, after this process's own writes. */
export class ModerationQueue extends Context.Tag("@melody/projections/ModerationQueue")<
  ModerationQueue,
  { readonly reports: (params: typeof QueueParams.Type) => Effect.Effect<ReportQueue> }
>() {
  static readonly live = Layer.effect(
    ModerationQueue,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups | EventStore>()
      const ownWrites = yield* makeOwnWritesWait([moderation])

      const page = (params: typeof QueueParams.Type) =>
        Effect.gen(function* () {
          const [{ total } = { total: 0 }] = yield* sql<{ total: number }>`
            select count(*)::int as total from (select 1 from moderation_reports group by kind, item_id) i`
          const rows = yield* sql<ItemRow>`
            select i.kind, i.item_id as id, a.username as author, i.count,
                   (select r.seen from moderation_reports r
                     where r.kind = i.kind and r.item_id = i.item_id
                     order by r.filed_at desc limit 1) as seen,
                   (select coalesce(json_agg(x order by x."filedAt" desc), '[]') from (
                      select p.username as reporter, r.reason, r.details, r.filed_at as "filedAt"
                        from moderation_reports r left join moderation_people p on p.user_id = r.reporter_id
                       where r.kind = i.kind and r.item_id = i.item_id
                       order by r.filed_at desc limit ${reportsPerItem}) x) as reports
              from (select kind, item_id, min(author_id) as author_id, count(*)::int as count,
                           max(filed_at) as last_at
                      from moderation_reports group by kind, item_id) i
              left join moderation_people a on a.user_id = i.author_id
             order by i.count desc, i.last_at desc, i.item_id
             limit ${params.limit} offset ${params.offset}`
          return new ReportQueue({
            total,
            items: rows.map(
              (row) =>
                new ReportedItem(
                  {
                    kind: row.kind,
                    id: row.id,
                    author: row.author ?? "Unknown Creator",
                    seen: row.seen,
                    count: row.count,
                    reports: row.reports.map(
                      (r) =>
                        new QueuedReport(
                          {
                            reporter: r.reporter ?? "Unknown Creator",
                            reason: r.reason,
                            details: r.details,
                            filedAt: new Date(r.filedAt),
                          },
                          true,
                        ),
                    ),
                  },
                  true,
                ),
            ),
          })
        })

      return ModerationQueue.of({
        reports: (params) =>
          Effect.zipRight(ownWrites, page(params)).pipe(Effect.orDie, Effect.provide(context)),
      })
    }),
  )
}
