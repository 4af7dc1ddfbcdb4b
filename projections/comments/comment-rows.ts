import { avatarPath } from "#modules/community/api-avatar-paths.ts"
import { CommentAuthor } from "./api.ts"

/** A comment's row as its reads select it: the comment and its author's card. */
export interface CommentRow {
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

/** The columns and tables of a `CommentRow`: follow with `where`. */
export const commentRows = `c.comment_id, c.parent_id, c.author_id, p.username, p.name, p.avatar_key,
  c.text, c.posted_at, c.edited, c.deleted, c.hidden ->> 'reason' as hidden
  from song_comments c join comment_people p on p.user_id = c.author_id`

/**
 * Whom a comment is shown to: everyone, unless it is hidden or its author suspended (always to its
 * author), and never to someone who blocks its author.
 */
export const shownTo = (viewerParam: string) =>
  `((c.hidden is null and not p.suspended) or c.author_id = ${viewerParam})
   and not exists (select 1 from comment_blocks b
                    where b.blocker_id = ${viewerParam} and b.blocked_id = c.author_id)`

/** How many replies a page carries under each comment; the rest are read on asking. */
export const firstReplies = 3

export const fieldsOf = (row: CommentRow, viewerId: string | undefined) => ({
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
