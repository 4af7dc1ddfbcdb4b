import { useQuery } from "@tanstack/react-query"
import { type ReactNode, useEffect, useRef, useState } from "react"
import { Link, useLocation } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../lib/api.ts"
import { cn } from "../../lib/cn.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { useCommentsSwitch, usePostComment } from "./comment-changes.ts"
import { CommentComposer } from "./comment-composer.tsx"
import { CommentItem } from "./comment-item.tsx"
import { type CommentOrder, commentsQuery } from "./comment-queries.ts"

const orders: ReadonlyArray<readonly [CommentOrder, string]> = [
  ["newest", "Newest"],
  ["top", "Top"],
]

/** The owner's switch: comments off hides them from everyone else and takes no more. */
const CommentsSwitch = ({ songId, open }: { readonly songId: string; readonly open: boolean }) => {
  const change = useCommentsSwitch(songId)
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={change.isPending}
      onClick={() =>
        change.mutate(!open, {
          onError: (error) =>
            toast({ title: "Error", description: errorMessage(error), variant: "destructive" }),
        })
      }
    >
      {open ? "Turn comments off" : "Turn comments on"}
    </Button>
  )
}

/** A song's comments under it: newest or most answered first, a box to add one, replies under each. */
export const CommentsSection = ({
  songId,
  signedIn,
  report,
}: {
  readonly songId: string
  readonly signedIn: boolean
  /** How a signed-in person reports someone else's comment (the route composes it). */
  readonly report?: (commentId: string) => ReactNode
}) => {
  const [order, setOrder] = useState<CommentOrder>("newest")
  const page = useQuery(commentsQuery(songId, order))
  const post = usePostComment(songId)
  const data = page.data
  const section = useRef<HTMLElement>(null)
  const { hash } = useLocation()
  const loaded = data !== undefined
  // A notification links here (#comments): the section comes after the song, so the browser found none.
  useEffect(() => {
    if (loaded && hash === "#comments") section.current?.scrollIntoView({ block: "start" })
  }, [loaded, hash])
  return (
    <section
      ref={section}
      id="comments"
      aria-labelledby="comments-heading"
      className="grid scroll-mt-24 gap-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="comments-heading" className="font-display text-xl font-semibold">
          Comments{data && data.total > 0 ? ` (${data.total.toLocaleString("en")})` : ""}
        </h2>
        <div className="flex items-center gap-1">
          {orders.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={order === value}
              onClick={() => setOrder(value)}
              className={cn(
                "rounded-full px-3 py-1 text-sm font-semibold transition",
                order === value ? "bg-surface-raised text-text" : "text-muted hover:text-text",
              )}
            >
              {label}
            </button>
          ))}
          {data?.isYourSong && <CommentsSwitch songId={songId} open={data.open} />}
        </div>
      </div>
      {page.isPending && <Spinner label="Loading comments" />}
      {page.isError && (
        <p className="text-sm text-danger">
          Comments could not be loaded. Please refresh the page.
        </p>
      )}
      {data && !data.open && (
        <p className="text-sm text-muted">Comments are turned off for this song.</p>
      )}
      {data?.open &&
        (signedIn ? (
          <CommentComposer
            label="Add a comment"
            submitLabel="Comment"
            pending={post.isPending}
            onSubmit={(text) => post.mutateAsync({ text, replyTo: null })}
          />
        ) : (
          <p className="text-sm text-muted">
            <Link to="/auth" className="font-semibold text-primary hover:underline">
              Sign in
            </Link>{" "}
            to comment.
          </p>
        ))}
      {data && data.comments.length === 0 && data.open && (
        <p className="text-sm text-faint">No comments yet. Say what you hear.</p>
      )}
      {data && data.comments.length > 0 && (
        <ul className="grid gap-5">
          {data.comments.map((comment) => (
            <CommentItem
              key={comment.id}
              songId={songId}
              comment={comment}
              signedIn={signedIn}
              isYourSong={data.isYourSong}
              open={data.open}
              report={report}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
