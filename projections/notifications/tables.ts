import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The notifications read model's tables: the notifications, each under the place in the global order of
 * the event it tells of (so a rebuild gives them the same ids; one event may tell several people), and
 * what deciding them needs: people's names, and songs' owners, titles and likes.
 */
export const notificationTables = ["notifications", "notification_people", "notification_songs"]

export const createNotificationTables = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table if not exists notifications (
      id bigint not null,
      user_id text not null,
      kind text not null,
      actor_id text,
      song_id text,
      subject_id text,
      detail jsonb not null default '{}',
      created_at timestamptz not null,
      read boolean not null default false,
      primary key (user_id, id)
    )`
  yield* sql`
    create index if not exists notifications_unread on notifications (user_id, id desc) include (song_id)
     where not read`
  yield* sql`
    create index if not exists notifications_followers on notifications (user_id, actor_id)
     where kind = 'follower'`
  yield* sql`
    create index if not exists notifications_by_subject on notifications (subject_id)
     where subject_id is not null`
  yield* sql`
    create table if not exists notification_people (user_id text primary key, username text not null)`
  yield* sql`
    create table if not exists notification_songs (
      song_id text primary key,
      owner_id text not null,
      title text not null,
      is_public boolean not null,
      likes integer not null default 0,
      milestone integer not null default 0
    )`
})
