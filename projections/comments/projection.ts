import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import {
  SongDeleted,
  SongMadePrivate,
  SongMadePublic,
  SongSaved,
} from "#events/contracts/catalog.ts"
import { CommentEvent, SongCommentsEvent } from "#events/contracts/comments.ts"
import { CreatorAvatarChanged, CreatorProfileEdited } from "#events/contracts/community.ts"
import { UserRegistered } from "#events/contracts/identity.ts"
import {
  AccountSuspended,
  AppealDecided,
  ReportsDecided,
  SuspensionLifted,
} from "#events/contracts/moderation.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import type { Projection } from "../runner.ts"
import { applyHiding, hidingTypes } from "./comment-hiding.ts"

/**
 * The comments under songs, with what their reads need beside them: each song's owner, whether it is
 * public, hidden and takes comments, and each author's name, picture and whether they are suspended. A deleted comment keeps its row (its
 * replies stay under it) without its text.
 */
const Followed = Schema.Union(
  CommentEvent,
  SongCommentsEvent,
  SongSaved,
  SongMadePublic,
  SongMadePrivate,
  SongDeleted,
  UserRegistered,
  CreatorProfileEdited,
  CreatorAvatarChanged,
  ReportsDecided,
  AppealDecided,
  AccountSuspended,
  SuspensionLifted,
)
const decode = decodeAll(Followed)

const applyOne = (event: typeof Followed.Type, recordedAt: Date) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    switch (event._tag) {
      case "CommentPosted":
        return sql`
          insert into song_comments (comment_id, song_id, author_id, parent_id, text, posted_at)
          values (${event.commentId}, ${event.songId}, ${event.authorId}, ${event.parentId},
                  ${event.text}, ${recordedAt})
          on conflict (comment_id) do nothing`
      case "CommentEdited":
        return sql`
          update song_comments set text = ${event.text}, edited = true
           where comment_id = ${event.commentId}`
      case "CommentDeleted":
        return sql`
          update song_comments set text = '', deleted = true where comment_id = ${event.commentId}`
      case "SongCommentsClosed":
      case "SongCommentsOpened":
        return sql`
          update comment_songs set comments_open = ${event._tag === "SongCommentsOpened"}
           where song_id = ${event.songId}`
      case "SongSaved":
        return sql`
          insert into comment_songs (song_id, owner_id, is_public)
          values (${event.songId}, ${event.userId}, ${event.isPublic})
          on conflict (song_id) do nothing`
      case "SongMadePublic":
      case "SongMadePrivate":
        return sql`
          update comment_songs set is_public = ${event._tag === "SongMadePublic"}
           where song_id = ${event.songId}`
      case "SongDeleted":
        return Effect.zipRight(
          sql`delete from song_comments where song_id = ${event.songId}`,
          sql`delete from comment_songs where song_id = ${event.songId}`,
        )
      case "UserRegistered":
        return sql`
          insert into comment_people (user_id, username, name)
          values (${event.userId}, ${event.username}, ${event.name})
          on conflict (user_id) do nothing`
      case "CreatorProfileEdited":
        return sql`update comment_people set name = ${event.name} where user_id = ${event.userId}`
      case "CreatorAvatarChanged":
        return sql`
          update comment_people set avatar_key = ${event.avatarKey} where user_id = ${event.userId}`
      case "ReportsDecided":
      case "AppealDecided":
        return applyHiding(event)
      case "AccountSuspended":
      case "SuspensionLifted":
        return sql`
          update comment_people set suspended = ${event._tag === "AccountSuspended"}
           where user_id = ${event.userId}`
    }
  })

export const comments: Projection = {
  name: "comments",
  revision: 2,
  tables: ["song_comments", "comment_songs", "comment_people"],
  types: [
    ...CommentEvent.members.map((member) => member._tag),
    ...SongCommentsEvent.members.map((member) => member._tag),
    "SongSaved",
    "SongMadePublic",
    "SongMadePrivate",
    "SongDeleted",
    "UserRegistered",
    "CreatorProfileEdited",
    "CreatorAvatarChanged",
    ...hidingTypes,
    "AccountSuspended",
    "SuspensionLifted",
  ],
  onPoison: "skip",
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table if not exists song_comments (
        comment_id text primary key,
        song_id text not null,
        author_id text not null,
        parent_id text,
        text text not null,
        posted_at timestamptz not null,
        edited boolean not null default false,
        deleted boolean not null default false,
        hidden jsonb
      )`
    yield* sql`
      create index if not exists song_comments_by_song on song_comments (song_id, posted_at desc)`
    yield* sql`
      create index if not exists song_comments_by_parent on song_comments (parent_id, posted_at)
       where parent_id is not null`
    yield* sql`
      create table if not exists comment_songs (
        song_id text primary key,
        owner_id text not null,
        is_public boolean not null,
        comments_open boolean not null default true,
        hidden boolean not null default false
      )`
    yield* sql`
      create table if not exists comment_people (
        user_id text primary key,
        username text not null,
        name text not null,
        avatar_key text,
        suspended boolean not null default false
      )`
  }),
  apply: (events: ReadonlyArray<RecordedEvent>) =>
    Effect.gen(function* () {
      for (const { event, recordedAt } of yield* decode(events)) yield* applyOne(event, recordedAt)
    }),
}
