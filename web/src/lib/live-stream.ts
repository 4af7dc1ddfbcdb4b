import { useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { currentUserQuery, useCurrentUser } from "./session.ts"

/**
 * The queries a live notice is about: a generation's status, a video export, the credits, the
 * notifications. The features that ask them use these keys, so a notice reaches the screen that shows
 * what changed.
 */
export const liveKeys = {
  generation: (taskId: string) => ["song-generation", "status", taskId] as const,
  video: (exportId: string) => ["video-exports", exportId] as const,
  credits: ["credits"] as const,
  notifications: ["notifications"] as const,
}

/**
 * While someone is signed in, the page keeps one Server-Sent Events stream open (/api/events): each
 * notice asks again at once the query it is about, instead of at the next poll; polling stays as it was,
 * for when the stream cannot be held (a server that holds as many as it may answers 503, and the browser
 * does not try again). The browser reconnects by itself, resuming with Last-Event-ID; `reset` (too long
 * away) asks everything again; `replaced` (a seventh tab of the same person took this one's place) closes
 * it for good, or the two would take each other's place every few seconds. A stream refused for good
 * (its session ended) asks who is signed in again.
 */
export const useLiveStream = () => {
  const queryClient = useQueryClient()
  const signedIn = Boolean(useCurrentUser().data)
  useEffect(() => {
    if (!signedIn || typeof EventSource === "undefined") return
    let source: EventSource | undefined
    let closed = false
    // The notices' decoder brings Effect's Schema, which the first load of a page leaves out.
    void import("./live-notice.ts").then(({ readNotice }) => {
      if (closed) return
      const opened = new EventSource("/api/events")
      opened.onmessage = (message: MessageEvent<string>) => {
        const notice = readNotice(message.data)
        if (notice === undefined) return
        const queryKey = !("id" in notice)
          ? liveKeys[notice.kind]
          : notice.kind === "generation"
            ? liveKeys.generation(notice.id)
            : liveKeys.video(notice.id)
        void queryClient.invalidateQueries({ queryKey })
        // A generation that ends is also news in the person's notifications.
        if (notice.kind === "generation")
          void queryClient.invalidateQueries({ queryKey: liveKeys.notifications })
      }
      opened.addEventListener("reset", () => void queryClient.invalidateQueries())
      opened.addEventListener("replaced", () => opened.close())
      // A stream the browser gives up on may be a session ended elsewhere (a sign-out, a password
      // change): asking who is signed in sends a person whose session ended to sign in again.
      opened.onerror = () => {
        if (opened.readyState === EventSource.CLOSED)
          void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })
      }
      source = opened
    })
    return () => {
      closed = true
      source?.close()
    }
  }, [signedIn, queryClient])
}
