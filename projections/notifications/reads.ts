import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { Outcome, ReportedKind } from "#events/contracts/moderation.ts"
import type { EventStore, EventWakeups } from "#events/store/index.ts"
import { makeOwnWritesWait } from "../own-writes.ts"
import {
  NotificationsPage,
  type NotificationsParams,
  NotificationView,
  notificationKinds,
  UnreadCount,
  unreadCountedUpTo,
} from "./api.ts"
import { notifications } from "./projection.ts"

interface NotificationRow {
  readonly id: string
  readonly kind: (typeof notificationKinds)[number]
  readonly read: boolean
  readonly createdAt: Date
  readonly actor: string | null
  readonly songId: string | null
  readonly songTitle: string | null
  readonly detail: {
    readonly title?: string
    readonly reason?: string
    readonly credits?: number
    readonly likes?: number
    readonly kind?: ReportedKind
    readonly itemId?: string
    readonly outcome?: Outcome
    readonly restored?: boolean
  }
}

/** A song a notification is about is named while its owner is the one told or it is public. */
const seen = `(n.song_id is null or s.is_public or s.owner_id = n.user_id)`

const toView = (row: NotificationRow) =>
  new NotificationView(
    {
      id: Number(row.id),
      kind: notificationKinds.includes(row.kind) ? row.kind : "comment",
      read: row.read,
      createdAt: row.createdAt,
      actor: row.actor === null ? null : { username: row.actor },
      song:
        row.songId === null || row.songTitle === null
          ? null
          : { id: row.songId, title: row.songTitle },
      title: row.detail.title ?? null,
      reason: row.detail.reason ?? null,
      credits: row.detail.credits ?? null,
      likes: row.detail.likes ?? null,
      item:
        row.detail.kind === undefined || row.detail.itemId === undefined
          ? null
          : { kind: row.detail.kind, id: row.detail.itemId },
      outcome: row.detail.outcome ?? null,
      restored: row.detail.restored ?? null,
    },
    true,
  )

/** A person's notifications as the notifications read model holds them, after this process's writes. */
export class NotificationReads extends Context.Tag("@melody/projections/NotificationReads")<
  NotificationReads,
  {
    readonly page: (
      userId: string,
      params: typeof NotificationsParams.Type,
    ) => Effect.Effect<NotificationsPage>
    readonly unread: (userId: string) => Effect.Effect<UnreadCount>
  }
>() {
  static readonly live = Layer.effect(
    NotificationReads,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups | EventStore>()
      const ownWrites = yield* makeOwnWritesWait([notifications])
      const read = <A>(effect: Effect.Effect<A, unknown, SqlClient.SqlClient>) =>
        Effect.zipRight(ownWrites, effect).pipe(Effect.orDie, Effect.provide(context))

      // Counted up to the bell's "99+": a person with thousands unread costs no more than one with 100.
      const unreadOf = (userId: string) =>
        Effect.map(
          sql<{ unread: number }>`
            select count(*)::int as unread from (
              select 1 from notifications n left join notification_songs s on s.song_id = n.song_id
               where n.user_id = ${userId} and not n.read and ${sql.literal(seen)}
               limit ${unreadCountedUpTo}) u`,
          ([row]) => row?.unread ?? 0,
        )

      return NotificationReads.of({
        page: (userId, params) =>
          read(
            Effect.gen(function* () {
              const rows = yield* sql.unsafe<NotificationRow>(
                `select n.id, n.kind, n.read, n.created_at as "createdAt", p.username as actor,
                        n.song_id as "songId", s.title as "songTitle", n.detail
                   from notifications n
                   left join notification_people p on p.user_id = n.actor_id
                   left join notification_songs s on s.song_id = n.song_id
                  where n.user_id = $1 and n.id < $2 and ${seen}
                  order by n.id desc limit $3`,
                [userId, params.before ?? Number.MAX_SAFE_INTEGER, params.limit],
              )
              return new NotificationsPage({
                unread: yield* unreadOf(userId),
                notifications: rows.map(toView),
              })
            }),
          ),
        unread: (userId) =>
          read(Effect.map(unreadOf(userId), (unread) => new UnreadCount({ unread }))),
      })
    }),
  )
}
