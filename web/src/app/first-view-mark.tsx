import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { useLocation } from "react-router"
import { useCurrentUser } from "../lib/session.ts"
import { drawnKeys } from "./first-view-state.ts"

const drawnByServer = () =>
  typeof document !== "undefined" && document.documentElement.hasAttribute("data-first-view")

/**
 * The server marks a page it drew (`data-first-view` on the document), so that the app takes it over
 * without its entrance animation (styles.css); the mark goes with the visitor's first move elsewhere.
 * The server drew the page as a visitor sees it: a signed-in person's songs, creators and playlists are
 * asked again, as theirs (whether they like a song, follow a creator, own a playlist).
 */
export const ForgetFirstView = () => {
  const { key } = useLocation()
  const arrival = useRef(key)
  const queryClient = useQueryClient()
  const { data: user } = useCurrentUser()
  const asVisitor = useRef(drawnByServer())
  useEffect(() => {
    if (key !== arrival.current) delete document.documentElement.dataset.firstView
  }, [key])
  useEffect(() => {
    if (!user || !asVisitor.current) return
    asVisitor.current = false
    for (const queryKey of drawnKeys) void queryClient.invalidateQueries({ queryKey })
  }, [user, queryClient])
  return null
}
