import { apiQuery } from "../../lib/api.ts"

export type CommentOrder = "newest" | "top"

export const commentKeys = {
  song: (songId: string) => ["comments", songId] as const,
}

/** A song's first fifty comments, each with its first replies, in the order asked. */
export const commentsQuery = (songId: string, order: CommentOrder) =>
  apiQuery({
    queryKey: [...commentKeys.song(songId), order] as const,
    call: (api) =>
      api.commentReads.songComments({
        path: { id: songId },
        urlParams: { order, limit: 50, offset: 0 },
      }),
  })

/** The first `limit` of a comment's replies, oldest first: asked for when a page carries only its first. */
export const repliesQuery = (songId: string, commentId: string, limit: number) =>
  apiQuery({
    queryKey: [...commentKeys.song(songId), "replies", commentId, limit] as const,
    call: (api) =>
      api.commentReads.repliesPage({
        path: { id: songId, commentId },
        urlParams: { limit, offset: 0 },
      }),
    // Asked for more, the replies shown stay while the longer list comes.
    placeholderData: (previous) => previous,
  })
