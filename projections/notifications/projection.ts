import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import {
  SongDeleted,
  SongLiked,
  SongMadePrivate,
  SongMadePublic,
  SongSaved,
  SongUnliked,
} from "#events/contracts/catalog.ts"
import { CommentDeleted, CommentPosted } from "#events/contracts/comments.ts"
import { CreatorFollowed } from "#events/contracts/community.ts"
import { UserRegistered } from "#events/contracts/identity.ts"
import { SongGenerationFailed, SongGenerationSucceeded } from "#events/contracts/media.ts"
import { AppealDecided, ReportsDecided, SuspensionLifted } from "#events/contracts/moderation.ts"
import { NotificationReadingEvent } from "#events/contracts/notifications.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import type { Projection } from "../runner.ts"
import { moderationNotices } from "./moderation-notices.ts"
import { createNotificationTables, notificationTables } from "./tables.ts"
import type { Told } from "./told.ts"

/** The like counts a song's owner is told of, the first time the song reaches each. */
export const likeMilestones = [10, 100, 1000]

const Followed = Schema.Union(
  UserRegistered,
  SongSaved,
  SongMadePublic,
  SongMadePrivate,
  SongDeleted,
  SongLiked,
  SongUnliked,
  SongGenerationSucceeded,
  SongGenerationFailed,
  CreatorFollowed,
  CommentPosted,
  CommentDeleted,
  NotificationReadingEvent,
  ReportsDecided,
  AppealDecided,
  SuspensionLifted,
)
type Followed = typeof Followed.Type
const decode = decodeAll(Followed)

const tell = (id: number, at: Date, told: Told) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      insert into notifications (id, user_id, kind, actor_id, song_id, subject_id, detail, created_at)
      values (${id}, ${told.userId}, ${told.kind}, ${told.actorId ?? null}, ${told.songId ?? null},
              ${told.subjectId ?? null}, ${JSON.stringify(told.detail ?? {})}::jsonb, ${at})
      on conflict (user_id, id) do nothing`,
  )

/**
 * Who hears of a comment: the author of the comment it answers (a reply), and the song's owner (a
 * comment), each once; never its writer.
 */
const commented = (id: number, at: Date, event: CommentPosted) =>
  Effect.gen(function* () {
    const about = { actorId: event.authorId, songId: event.songId, subjectId: event.commentId }
    const answered = event.parentAuthorId
    if (answered !== null && answered !== event.authorId) {
      yield* tell(id, at, { ...about, userId: answered, kind: "reply" })
    }
    if (event.songOwnerId !== event.authorId && event.songOwnerId !== answered) {
      yield* tell(id, at, { ...about, userId: event.songOwnerId, kind: "comment" })
    }
  })

const liked = (id: number, at: Date, songId: string, by: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [song] = yield* sql<{ ownerId: string; likes: number; milestone: number }>`
      update notification_songs set likes = greatest(0, likes + ${by}) where song_id = ${songId}
      returning owner_id as "ownerId", likes, milestone`
    if (song === undefined || by < 0) return
    const reached = likeMilestones.find((m) => m === song.likes && m > song.milestone)
    if (reached === undefined) return
    yield* sql`update notification_songs set milestone = ${reached} where song_id = ${songId}`
    yield* tell(id, at, { userId: song.ownerId, kind: "likes", songId, detail: { likes: reached } })
  })

const applyOne = (event: Followed, id: number, at: Date) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    switch (event._tag) {
      case "UserRegistered":
        return sql`
          insert into notification_people (user_id, username) values (${event.userId}, ${event.username})
          on conflict (user_id) do nothing`
      case "SongSaved":
        return sql`
          insert into notification_songs (song_id, owner_id, title, is_public)
          values (${event.songId}, ${event.userId}, ${event.title}, ${event.isPublic})
          on conflict (song_id) do nothing`
      case "SongMadePublic":
      case "SongMadePrivate":
        return sql`
          update notification_songs set is_public = ${event._tag === "SongMadePublic"}
           where song_id = ${event.songId}`
      case "SongDeleted":
        return Effect.all([
          sql`delete from notifications where song_id = ${event.songId}`,
          sql`delete from notification_songs where song_id = ${event.songId}`,
        ])
      case "SongLiked":
      case "SongUnliked":
        return liked(id, at, event.songId, event._tag === "SongLiked" ? 1 : -1)
      case "SongGenerationSucceeded":
        return tell(id, at, {
          userId: event.userId,
          kind: "song_ready",
          subjectId: event.generationId,
          detail: { title: event.title },
        })
      case "SongGenerationFailed":
        return tell(id, at, {
          userId: event.userId,
          kind: "song_failed",
          subjectId: event.generationId,
          detail: { reason: event.reason, credits: event.credits },
        })
      case "CreatorFollowed":
        // Following again after unfollowing tells once: the newest stands.
        return Effect.zipRight(
          sql`
            delete from notifications
             where user_id = ${event.creatorId} and kind = 'follower' and actor_id = ${event.followerId}`,
          tell(id, at, { userId: event.creatorId, kind: "follower", actorId: event.followerId }),
        )
      case "CommentPosted":
        return commented(id, at, event)
      case "CommentDeleted":
        return sql`delete from notifications where subject_id = ${event.commentId}`
      case "ReportsDecided":
      case "AppealDecided":
      case "SuspensionLifted":
        return Effect.forEach(moderationNotices(event), (told) => tell(id, at, told), {
          discard: true,
        })
      case "NotificationsRead":
        return sql`
          update notifications set read = true
           where user_id = ${event.userId} and id <= ${event.through} and not read`
      case "NotificationRead":
        return sql`
          update notifications set read = true
           where user_id = ${event.userId} and id = ${event.notificationId}`
    }
  })

export const notifications: Projection = {
  name: "notifications",
  revision: 3,
  tables: notificationTables,
  types: Followed.members.flatMap((member) =>
    "members" in member ? member.members.map((m) => m._tag) : [member._tag],
  ),
  onPoison: "skip",
  setup: createNotificationTables,
  apply: (events: ReadonlyArray<RecordedEvent>) =>
    Effect.gen(function* () {
      for (const { event, globalPosition, recordedAt } of yield* decode(events)) {
        yield* applyOne(event, globalPosition, recordedAt)
      }
    }),
}
