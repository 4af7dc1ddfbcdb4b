import { useQuery } from "@tanstack/react-query"
import { type ReactNode, useState } from "react"
import type { CommentReply, CommentView } from "#projections/comments/api.ts"
import { CreatorLink } from "../../components/creator-link.tsx"
import { HiddenNotice } from "../../components/hidden-notice.tsx"
import { Button } from "../../components/ui/button.tsx"
import { errorMessage } from "../../lib/api.ts"
import { postedAgo } from "../../lib/posted-ago.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { useDeleteComment, useEditComment, usePostComment } from "./comment-changes.ts"
import { CommentComposer } from "./comment-composer.tsx"
import { repliesQuery } from "./comment-queries.ts"

type Writing = "reply" | "edit" | undefined

/** Replies read at each "Show more replies", and at most in all (the most a page of them holds). */
const repliesPerLook = 50
const maxReplies = 500

/**
 * One comment or reply: who said it and when, its text (as text: a link in it stays words), and what the
 * viewer may do with it: answer it (a comment, not a reply), edit it (their own), delete it (their own,
 * or any under their song).
 */
const CommentBody = ({
  songId,
  comment,
  signedIn,
  isYourSong,
  open,
  onReply,
  report,
}: {
  readonly songId: string
  readonly comment: CommentView | CommentReply
  readonly signedIn: boolean
  readonly isYourSong: boolean
  readonly open: boolean
  readonly onReply?: () => void
  readonly report?: ((commentId: string) => ReactNode) | undefined
}) => {
  const [writing, setWriting] = useState<Writing>()
  const edit = useEditComment(songId)
  const remove = useDeleteComment(songId)
  if (comment.deleted) {
    return <p className="text-sm italic text-faint">This comment was deleted.</p>
  }
  const deleteIt = () =>
    remove.mutate(comment.id, {
      onError: (error) =>
        toast({ title: "Error", description: errorMessage(error), variant: "destructive" }),
    })
  return (
    <div className="grid gap-1">
      <p className="text-sm">
        <CreatorLink username={comment.author.username} className="font-semibold hover:underline" />{" "}
        <span className="text-faint">
          · <time dateTime={comment.postedAt.toISOString()}>{postedAgo(comment.postedAt)}</time>
          {comment.edited && " · edited"}
        </span>
      </p>
      {writing === "edit" ? (
        <CommentComposer
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.text}
          pending={edit.isPending}
          onSubmit={async (text) => {
            await edit.mutateAsync({ commentId: comment.id, text })
            setWriting(undefined)
          }}
          onCancel={() => setWriting(undefined)}
        />
      ) : (
        <p className="text-sm whitespace-pre-wrap break-words text-text">{comment.text}</p>
      )}
      {comment.hidden && <HiddenNotice kind="comment" id={comment.id} reason={comment.hidden} />}
      {signedIn && writing !== "edit" && (
        <div className="flex gap-1">
          {onReply && open && (
            <Button variant="ghost" size="sm" onClick={onReply}>
              Reply
            </Button>
          )}
          {comment.isYours && (
            <Button variant="ghost" size="sm" onClick={() => setWriting("edit")}>
              Edit
            </Button>
          )}
          {(comment.isYours || isYourSong) && (
            <Button variant="ghost" size="sm" onClick={deleteIt} disabled={remove.isPending}>
              Delete
            </Button>
          )}
          {!comment.isYours && report?.(comment.id)}
        </div>
      )}
    </div>
  )
}

/**
 * A comment with its replies under it, the first few as the page carries them and all of them once asked
 * for (or once the viewer answers it, so they see their reply), and the box to answer it.
 */
export const CommentItem = (props: {
  readonly songId: string
  readonly comment: CommentView
  readonly signedIn: boolean
  readonly isYourSong: boolean
  readonly open: boolean
  readonly report?: ((commentId: string) => ReactNode) | undefined
}) => {
  const [replying, setReplying] = useState(false)
  // How many replies the viewer asked to read; until they ask, the page's first few.
  const [wanted, setWanted] = useState(0)
  const post = usePostComment(props.songId)
  const all = useQuery({
    ...repliesQuery(props.songId, props.comment.id, wanted),
    enabled: wanted > 0,
  })
  const replies = all.data?.replies ?? props.comment.replies
  const more = all.data === undefined ? props.comment.moreReplies : all.data.more
  const readMore = (atLeast: number) =>
    setWanted((asked) => Math.min(Math.max(asked, atLeast), maxReplies))
  const showMore = () => readMore(replies.length + repliesPerLook)
  return (
    <li className="grid gap-3">
      <CommentBody {...props} onReply={() => setReplying(true)} />
      {(replies.length > 0 || replying) && (
        <ul className="grid gap-3 border-l border-line pl-4" aria-label="Replies">
          {replies.map((reply) => (
            <li key={reply.id}>
              <CommentBody {...props} comment={reply} />
            </li>
          ))}
          {more && wanted < maxReplies && (
            <li>
              <Button variant="ghost" size="sm" onClick={showMore} disabled={all.isFetching}>
                Show more replies
              </Button>
            </li>
          )}
          {replying && (
            <li>
              <CommentComposer
                label={`Reply to ${props.comment.author.username}`}
                submitLabel="Reply"
                pending={post.isPending}
                onSubmit={async (text) => {
                  await post.mutateAsync({ text, replyTo: props.comment.id })
                  setReplying(false)
                  // Their reply comes last: read far enough to show it.
                  readMore(replies.length + 1)
                }}
                onCancel={() => setReplying(false)}
              />
            </li>
          )}
        </ul>
      )}
    </li>
  )
}
