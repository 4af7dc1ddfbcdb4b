import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { ReportedKind, ReportReason } from "#events/contracts/moderation.ts"
import type { EventStore, EventWakeups } from "#events/store/index.ts"
import { makeOwnWritesWait } from "../own-writes.ts"
import {
  OpenAppeal,
  QueuedReport,
  type QueueParams,
  ReportedItem,
  ReportQueue,
  StandingSuspension,
} from "./api.ts"
import { moderation } from "./projection.ts"

/** How many of an item's reports the queue shows with it. */
const reportsPerItem = 5

interface ItemRow {
  readonly kind: ReportedKind
  readonly id: string
  readonly author: string | null
  readonly seen: string
  readonly songId: string | null
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
  {
    readonly reports: (params: typeof QueueParams.Type) => Effect.Effect<ReportQueue>
    readonly appeals: Effect.Effect<ReadonlyArray<OpenAppeal>>
    readonly suspensions: Effect.Effect<ReadonlyArray<StandingSuspension>>
  }
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
            select count(*)::int as total from moderation_open_items`
          const rows = yield* sql<ItemRow>`
            select i.kind, i.item_id as id, a.username as author, i.count, i.song_id as "songId",
                   (select r.seen from moderation_reports r
                     where r.kind = i.kind and r.item_id = i.item_id and r.outcome is null
                     order by r.filed_at desc limit 1) as seen,
                   (select coalesce(json_agg(x order by x."filedAt" desc), '[]') from (
                      select p.username as reporter, r.reason, r.details, r.filed_at as "filedAt"
                        from moderation_reports r left join moderation_people p on p.user_id = r.reporter_id
                       where r.kind = i.kind and r.item_id = i.item_id and r.outcome is null
                       order by r.filed_at desc limit ${reportsPerItem}) x) as reports
              from moderation_open_items i
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
                    songId: row.songId,
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

      const appeals = sql<typeof OpenAppeal.Encoded>`
        select a.kind, a.item_id as id, coalesce(p.username, 'Unknown Creator') as author, a.text,
               a.appealed_at as "appealedAt", coalesce(b.username, 'Unknown Creator') as "hiddenBy",
               coalesce(h.reason, '') as "hiddenReason"
          from moderation_appeals a
          left join moderation_hidden h on h.kind = a.kind and h.item_id = a.item_id
          left join moderation_people p on p.user_id = a.author_id
          left join moderation_people b on b.user_id = h.admin_id
         order by a.appealed_at, a.item_id`.pipe(
        Effect.map((rows) =>
          rows.map((row) => new OpenAppeal({ ...row, appealedAt: new Date(row.appealedAt) })),
        ),
      )

      const suspensions = sql<{
        username: string
        reason: string
        by: string
        since: Date
        until: Date | null
      }>`
        select coalesce(p.username, 'Unknown Creator') as username, s.reason,
               coalesce(b.username, 'Unknown Creator') as by, s.since, s.until
          from moderation_suspensions s
          left join moderation_people p on p.user_id = s.user_id
          left join moderation_people b on b.user_id = s.admin_id
         where s.until is null or s.until > now()
         order by s.since desc`.pipe(
        Effect.map((rows) => rows.map((row) => new StandingSuspension(row))),
      )

      const read = <A>(effect: Effect.Effect<A, unknown, SqlClient.SqlClient>) =>
        Effect.zipRight(ownWrites, effect).pipe(Effect.orDie, Effect.provide(context))

      return ModerationQueue.of({
        reports: (params) => read(page(params)),
        appeals: read(appeals),
        suspensions: read(suspensions),
      })
    }),
  )
}
