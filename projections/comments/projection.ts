import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import {
  SongDeleted,
  SongMadePrivate,
  SongMadePublic,
  SongSaved,
} from "#events/contracts/catalog.ts"
import { CommentEvent, SongCommentsEvent } from "#events/contracts/comments.ts"
import {
  BlockEvent,
  CreatorAvatarChanged,
  CreatorProfileEdited,
} from "#events/contracts/community.ts"
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
import { recount } from "./shown-count.ts"

/**
 * The comments under songs, with what their reads need beside them: each song's owner, whether it is
 * public, hidden and takes comments, each author's name, picture and whether they are suspended, and who
 * blocks whom. A deleted comment keeps its row (its replies stay under it) without its text; each comment
 * keeps how many of its replies stand, which orders the top ones, and each song how many of its comments
 * everyone is shown (`recount`), which a page adjusts for its viewer.
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
  BlockEvent,
)
const decode = decodeAll(Followed)

const applyOne = (event: typeof Followed.Type, recordedAt: Date) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    switch (event._tag) {
      case "CommentPosted": {
        const posted = sql`
          with posted as (
            insert into song_comments (comment_id, song_id, author_id, parent_id, text, posted_at)
            values (${event.commentId}, ${event.songId}, ${event.authorId}, ${event.parentId},
                    ${event.text}, ${recordedAt})
            on conflict (comment_id) do nothing returning song_id)
          update comment_songs set comments = comments + 1
           where song_id in (select song_id from posted)
             and exists (select 1 from comment_people
                          where user_id = ${event.authorId} and not suspended)`
        return event.parentId === null
          ? posted
          : Effect.zipRight(
              posted,
              sql`update song_comments set replies = replies + 1 where comment_id = ${event.parentId}`,
            )
      }
      case "CommentEdited":
        return sql`
          update song_comments set text = ${event.text}, edited = true
           where comment_id = ${event.commentId}`
      case "CommentDeleted":
        // A deleted reply no longer counts towards its comment's place among the top ones.
        return Effect.all([
          sql`
            update song_comments p set replies = p.replies - 1 from song_comments c
             where c.comment_id = ${event.commentId} and not c.deleted and p.comment_id = c.parent_id`,
          sql`
            update comment_songs s set comments = s.comments - 1
              from song_comments c join comment_people p on p.user_id = c.author_id
             where c.comment_id = ${event.commentId} and s.song_id = c.song_id
               and not c.deleted and c.hidden is null and not p.suspended`,
          sql`
            update song_comments set text = '', deleted = true where comment_id = ${event.commentId}`,
        ])
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
        return Effect.zipRight(
          sql`
            update comment_people set suspended = ${event._tag === "AccountSuspended"}
             where user_id = ${event.userId}`,
          recount(sql`select song_id from song_comments where author_id = ${event.userId}`),
        )
      case "PersonBlocked":
        return sql`
          insert into comment_blocks (blocker_id, blocked_id)
          values (${event.blockerId}, ${event.blockedId}) on conflict do nothing`
      case "PersonUnblocked":
        return sql`
          delete from comment_blocks
           where blocker_id = ${event.blockerId} and blocked_id = ${event.blockedId}`
    }
  })

export const comments: Projection = {
  name: "comments",
  revision: 4,
  tables: ["song_comments", "comment_songs", "comment_people", "comment_blocks"],
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
    ...BlockEvent.members.map((member) => member._tag),
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
        hidden jsonb,
        replies integer not null default 0
      )`
    yield* sql`
      create index if not exists song_comments_by_song on song_comments (song_id, posted_at desc)`
    // A song's first page of comments, newest first or with the most replies first, read in order.
    yield* sql`
      create index if not exists song_comments_newest
        on song_comments (song_id, posted_at desc, comment_id desc) where parent_id is null`
    yield* sql`
      create index if not exists song_comments_top
        on song_comments (song_id, replies desc, posted_at desc, comment_id desc) where parent_id is null`
    // A comment's replies in order: a page reads the first few of each without sorting them all.
    yield* sql`
      create index if not exists song_comments_by_parent
        on song_comments (parent_id, posted_at, comment_id) where parent_id is not null`
    // A person's comments, song by song: counted again when they are suspended or restored.
    yield* sql`
      create index if not exists song_comments_by_author on song_comments (author_id, song_id)`
    yield* sql`
      create table if not exists comment_songs (
        song_id text primary key,
        owner_id text not null,
        is_public boolean not null,
        comments_open boolean not null default true,
        hidden boolean not null default false,
        comments integer not null default 0
      )`
    yield* sql`
      create table if not exists comment_people (
        user_id text primary key,
        username text not null,
        name text not null,
        avatar_key text,
        suspended boolean not null default false
      )`
    yield* sql`
      create table if not exists comment_blocks (
        blocker_id text not null,
        blocked_id text not null,
        primary key (blocker_id, blocked_id)
      )`
  }),
  apply: (events: ReadonlyArray<RecordedEvent>) =>
    Effect.gen(function* () {
      for (const { event, recordedAt } of yield* decode(events)) yield* applyOne(event, recordedAt)
    }),
}
