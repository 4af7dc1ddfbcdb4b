import { apiQuery } from "../../lib/api.ts"

export type CommentOrder = "newest" | "top"

export const commentKeys = {
  song: (songId: string) => ["comments", songId] as const,
}

/** A song's first fifty comments, each with its replies, in the order asked. */
export const commentsQuery = (songId: string, order: CommentOrder) =>
  apiQuery({
    queryKey: [...commentKeys.song(songId), order] as const,
    call: (api) =>
      api.commentReads.songComments({
        path: { id: songId },
        urlParams: { order, limit: 50, offset: 0 },
      }),
  })
