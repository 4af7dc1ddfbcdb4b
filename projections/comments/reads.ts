import { SqlClient, type SqlError } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { NotFound } from "#api/refusals.ts"
import type { EventStore, EventWakeups } from "#events/store/index.ts"
import { makeOwnWritesWait } from "../own-writes.ts"
import {
  CommentReply,
  CommentsPage,
  type CommentsParams,
  CommentView,
  RepliesPage,
  type RepliesParams,
} from "./api.ts"
import { type CommentRow, commentRows, fieldsOf, firstReplies, shownTo } from "./comment-rows.ts"
import { comments } from "./projection.ts"

const unknownSong = new NotFound({ message: "This song does not exist, or it is private." })
const unknownComment = new NotFound({ message: "This comment does not exist, or it was removed." })

const orderBy = {
  newest: "c.posted_at desc, c.comment_id desc",
  top: "c.replies desc, c.posted_at desc, c.comment_id desc",
}

interface SongRow {
  readonly ownerId: string
  readonly isPublic: boolean
  readonly open: boolean
  readonly total: number
}

const replyOf = (row: CommentRow, viewerId: string | undefined) =>
  new CommentReply(fieldsOf(row, viewerId), true)

/** A song's comments as the comments read model answers them, after this process's own writes. */
export class CommentReads extends Context.Tag("@melody/projections/CommentReads")<
  CommentReads,
  {
    readonly songComments: (
      songId: string,
      viewerId: string | undefined,
      params: typeof CommentsParams.Type,
    ) => Effect.Effect<CommentsPage, NotFound>
    readonly repliesPage: (
      songId: string,
      commentId: string,
      viewerId: string | undefined,
      params: typeof RepliesParams.Type,
    ) => Effect.Effect<RepliesPage, NotFound>
  }
>() {
  static readonly live = Layer.effect(
    CommentReads,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups | EventStore>()
      const ownWrites = yield* makeOwnWritesWait([comments])

      /**
       * The song as `viewer` may read its comments, with how many they are shown: the count everyone is
       * shown, plus the viewer's own hidden ones, less those of people the viewer blocks.
       */
      const songFor = (songId: string, viewer: string) =>
        Effect.gen(function* () {
          const [song] = yield* sql.unsafe<SongRow>(
            `select s.owner_id as "ownerId", s.comments_open as open,
                    s.is_public and not s.hidden and not coalesce(o.suspended, false) as "isPublic",
                    s.comments
                    + (select count(*) from song_comments c join comment_people p on p.user_id = c.author_id
                        where c.author_id = $2 and c.song_id = $1 and not c.deleted
                          and (c.hidden is not null or p.suspended))::int
                    - (select count(*) from comment_blocks b
                         join song_comments c on c.author_id = b.blocked_id and c.song_id = $1
                         join comment_people p on p.user_id = c.author_id
                        where b.blocker_id = $2 and not c.deleted and c.hidden is null
                          and not p.suspended)::int as total
               from comment_songs s left join comment_people o on o.user_id = s.owner_id
              where s.song_id = $1`,
            [songId, viewer],
          )
          const isYourSong = song !== undefined && song.ownerId === viewer
          if (song === undefined || (!song.isPublic && !isYourSong)) return yield* unknownSong
          // Comments turned off are shown to no one but the song's owner, who may turn them on again.
          return { ...song, isYourSong, shown: song.open || isYourSong }
        })

      const page = Effect.fn("CommentReads.songComments")(function* (
        songId: string,
        viewerId: string | undefined,
        params: typeof CommentsParams.Type,
      ) {
        const viewer = viewerId ?? ""
        const song = yield* songFor(songId, viewer)
        const { open, isYourSong } = song
        if (!song.shown) return new CommentsPage({ total: 0, open, isYourSong, comments: [] })
        const top = yield* sql.unsafe<CommentRow>(
          `select ${commentRows}
            where c.song_id = $1 and c.parent_id is null and (not c.deleted or c.replies > 0)
              and ${shownTo("$4")}
            order by ${orderBy[params.order]} limit $2 offset $3`,
          [songId, params.limit, params.offset, viewer],
        )
        // One more than a page carries, to know whether more stand.
        const replies =
          top.length === 0
            ? []
            : yield* sql.unsafe<CommentRow>(
                `select r.* from unnest($1::text[]) as t(parent_id) cross join lateral (
                   select ${commentRows} where c.parent_id = t.parent_id and not c.deleted
                      and ${shownTo("$2")}
                    order by c.posted_at, c.comment_id limit $3) r`,
                [top.map((row) => row.comment_id), viewer, firstReplies + 1],
              )
        const repliesTo = new Map<string | null, Array<CommentRow>>()
        for (const reply of replies) {
          repliesTo.set(reply.parent_id, [...(repliesTo.get(reply.parent_id) ?? []), reply])
        }
        return new CommentsPage({
          total: song.total,
          open,
          isYourSong,
          comments: top.map((row) => {
            const under = repliesTo.get(row.comment_id) ?? []
            return new CommentView(
              {
                ...fieldsOf(row, viewerId),
                replies: under.slice(0, firstReplies).map((reply) => replyOf(reply, viewerId)),
                moreReplies: under.length > firstReplies,
              },
              true,
            )
          }),
        })
      })

      const repliesPage = Effect.fn("CommentReads.repliesPage")(function* (
        songId: string,
        commentId: string,
        viewerId: string | undefined,
        params: typeof RepliesParams.Type,
      ) {
        const viewer = viewerId ?? ""
        const song = yield* songFor(songId, viewer)
        if (!song.shown) return new RepliesPage({ replies: [], more: false })
        const [parent] = yield* sql.unsafe<{ id: string }>(
          `select c.comment_id as id from song_comments c join comment_people p on p.user_id = c.author_id
            where c.comment_id = $1 and c.song_id = $2 and c.parent_id is null and ${shownTo("$3")}`,
          [commentId, songId, viewer],
        )
        if (parent === undefined) return yield* unknownComment
        const rows = yield* sql.unsafe<CommentRow>(
          `select ${commentRows} where c.parent_id = $1 and not c.deleted and ${shownTo("$2")}
            order by c.posted_at, c.comment_id limit $3 offset $4`,
          [commentId, viewer, params.limit + 1, params.offset],
        )
        return new RepliesPage({
          replies: rows.slice(0, params.limit).map((row) => replyOf(row, viewerId)),
          more: rows.length > params.limit,
        })
      })

      const afterOwnWrites = <A, R extends SqlClient.SqlClient | EventWakeups | EventStore>(
        read: Effect.Effect<A, NotFound | SqlError.SqlError, R>,
      ) =>
        Effect.zipRight(ownWrites, read).pipe(
          Effect.catchTag("SqlError", Effect.die),
          Effect.provide(context),
        )

      return CommentReads.of({
        songComments: (songId, viewerId, params) => afterOwnWrites(page(songId, viewerId, params)),
        repliesPage: (songId, commentId, viewerId, params) =>
          afterOwnWrites(repliesPage(songId, commentId, viewerId, params)),
      })
    }),
  )
}
