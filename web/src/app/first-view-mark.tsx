import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { useLocation } from "react-router"
import { useCurrentUser } from "../lib/session.ts"
import { songKeys } from "../lib/song-cache.ts"

const drawnByServer = () =>
  typeof document !== "undefined" && document.documentElement.hasAttribute("data-first-view")

/**
 * The server marks a page it drew (`data-first-view` on the document), so that the app takes it over
 * without its entrance animation (styles.css); the mark goes with the visitor's first move elsewhere.
 * The server drew the songs as a visitor sees them: a signed-in person's are asked again, as theirs
 * (whether they like them).
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
    void queryClient.invalidateQueries({ queryKey: songKeys.all })
  }, [user, queryClient])
  return null
}
