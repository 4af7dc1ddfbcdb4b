import { useEffect, useRef } from "react"
import { useLocation } from "react-router"

/**
 * The server marks a page it drew (`data-first-view` on the document), so that the app takes it over
 * without its entrance animation (styles.css); the mark goes with the visitor's first move elsewhere.
 */
export const ForgetFirstView = () => {
  const { key } = useLocation()
  const arrival = useRef(key)
  useEffect(() => {
    if (key !== arrival.current) delete document.documentElement.dataset.firstView
  }, [key])
  return null
}
