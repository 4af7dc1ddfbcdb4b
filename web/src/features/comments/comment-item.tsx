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

type Writing = "reply" | "edit" | undefined

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

/** A comment with its replies under it, and the box to answer it when asked for. */
export const CommentItem = (props: {
  readonly songId: string
  readonly comment: CommentView
  readonly signedIn: boolean
  readonly isYourSong: boolean
  readonly open: boolean
  readonly report?: ((commentId: string) => ReactNode) | undefined
}) => {
  const [replying, setReplying] = useState(false)
  const post = usePostComment(props.songId)
  return (
    <li className="grid gap-3">
      <CommentBody {...props} onReply={() => setReplying(true)} />
      {(props.comment.replies.length > 0 || replying) && (
        <ul className="grid gap-3 border-l border-line pl-4" aria-label="Replies">
          {props.comment.replies.map((reply) => (
            <li key={reply.id}>
              <CommentBody {...props} comment={reply} />
            </li>
          ))}
          {replying && (
            <li>
              <CommentComposer
                label={`Reply to ${props.comment.author.username}`}
                submitLabel="Reply"
                pending={post.isPending}
                onSubmit={async (text) => {
                  await post.mutateAsync({ text, replyTo: props.comment.id })
                  setReplying(false)
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
