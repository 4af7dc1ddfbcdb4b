import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { NotFound } from "#api/refusals.ts"
import type { EventStore, EventWakeups } from "#events/store/index.ts"
import { avatarPath } from "#modules/community/api-avatar-paths.ts"
import { makeOwnWritesWait } from "../own-writes.ts"
import {
  CommentAuthor,
  CommentReply,
  CommentsPage,
  type CommentsParams,
  CommentView,
} from "./api.ts"
import { comments } from "./projection.ts"

const unknownSong = new NotFound({ message: "This song does not exist, or it is private." })

interface CommentRow {
  readonly comment_id: string
  readonly parent_id: string | null
  readonly author_id: string
  readonly username: string
  readonly name: string
  readonly avatar_key: string | null
  readonly text: string
  readonly posted_at: Date
  readonly edited: boolean
  readonly deleted: boolean
  readonly hidden: string | null
}

const columns = `c.comment_id, c.parent_id, c.author_id, p.username, p.name, p.avatar_key, c.text,
  c.posted_at, c.edited, c.deleted, c.hidden ->> 'reason' as hidden
  from song_comments c join comment_people p on p.user_id = c.author_id`

/**
 * Whom a comment is shown to: everyone, unless it is hidden or its author suspended (always to its
 * author), and never to someone who blocks its author.
 */
const shownTo = (viewerParam: string) =>
  `((c.hidden is null and not p.suspended) or c.author_id = ${viewerParam})
   and not exists (select 1 from comment_blocks b
                    where b.blocker_id = ${viewerParam} and b.blocked_id = c.author_id)`

const orderBy = {
  newest: "c.posted_at desc, c.comment_id desc",
  top: "c.replies desc, c.posted_at desc, c.comment_id desc",
}

const fieldsOf = (row: CommentRow, viewerId: string | undefined) => ({
  id: row.comment_id,
  author: new CommentAuthor(
    {
      username: row.username,
      name: row.name,
      avatarUrl: row.avatar_key === null ? null : avatarPath(row.avatar_key),
    },
    true,
  ),
  text: row.text,
  postedAt: row.posted_at,
  edited: row.edited,
  deleted: row.deleted,
  isYours: row.author_id === viewerId,
  hidden: row.hidden,
})

/** A song's comments as the comments read model answers them, after this process's own writes. */
export class CommentReads extends Context.Tag("@melody/projections/CommentReads")<
  CommentReads,
  {
    readonly songComments: (
      songId: string,
      viewerId: string | undefined,
      params: typeof CommentsParams.Type,
    ) => Effect.Effect<CommentsPage, NotFound>
  }
>() {
  static readonly live = Layer.effect(
    CommentReads,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups | EventStore>()
      const ownWrites = yield* makeOwnWritesWait([comments])

      const page = Effect.fn("CommentReads.songComments")(function* (
        songId: string,
        viewerId: string | undefined,
        params: typeof CommentsParams.Type,
      ) {
        const [song] = yield* sql<{ ownerId: string; isPublic: boolean; open: boolean }>`
          select s.owner_id as "ownerId", s.comments_open as open,
                 s.is_public and not s.hidden and not coalesce(o.suspended, false) as "isPublic"
            from comment_songs s left join comment_people o on o.user_id = s.owner_id
           where s.song_id = ${songId}`
        const isYourSong = song !== undefined && song.ownerId === viewerId
        if (song === undefined || (!song.isPublic && !isYourSong)) return yield* unknownSong
        // Comments turned off are shown to no one but the song's owner, who may turn them on again.
        if (!song.open && !isYourSong) {
          return new CommentsPage({ total: 0, open: false, isYourSong, comments: [] })
        }
        const viewer = viewerId ?? ""
        const [{ total } = { total: 0 }] = yield* sql.unsafe<{ total: number }>(
          `select count(*)::int as total from song_comments c join comment_people p on p.user_id = c.author_id
            where c.song_id = $1 and not c.deleted and ${shownTo("$2")}`,
          [songId, viewer],
        )
        const top = yield* sql.unsafe<CommentRow>(
          `select ${columns}
            where c.song_id = $1 and c.parent_id is null and (not c.deleted or c.replies > 0)
              and ${shownTo("$4")}
            order by ${orderBy[params.order]} limit $2 offset $3`,
          [songId, params.limit, params.offset, viewer],
        )
        const replies =
          top.length === 0
            ? []
            : yield* sql.unsafe<CommentRow>(
                `select ${columns} where c.parent_id = any($1::text[]) and not c.deleted
                   and ${shownTo("$2")}
                  order by c.posted_at, c.comment_id`,
                [top.map((row) => row.comment_id), viewer],
              )
        const repliesTo = new Map<string | null, Array<CommentRow>>()
        for (const reply of replies) {
          repliesTo.set(reply.parent_id, [...(repliesTo.get(reply.parent_id) ?? []), reply])
        }
        return new CommentsPage({
          total,
          open: song.open,
          isYourSong,
          comments: top.map(
            (row) =>
              new CommentView(
                {
                  ...fieldsOf(row, viewerId),
                  replies: (repliesTo.get(row.comment_id) ?? []).map(
                    (reply) => new CommentReply(fieldsOf(reply, viewerId), true),
                  ),
                },
                true,
              ),
          ),
        })
      })

      return CommentReads.of({
        songComments: (songId, viewerId, params) =>
          Effect.zipRight(ownWrites, page(songId, viewerId, params)).pipe(
            Effect.catchTag("SqlError", Effect.die),
            Effect.provide(context),
          ),
      })
    }),
  )
}
