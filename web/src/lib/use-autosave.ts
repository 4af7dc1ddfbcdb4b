import { useEffect, useRef, useState } from "react"

export type SaveState = "idle" | "saving" | "saved" | "failed"

/**
 * Saves a value a moment after the person stops typing (and when the page hides), so an edit survives a
 * reload without a save button. `save` must resolve when the server has it.
 */
export const useAutosave = (
  value: string,
  saved: string,
  save: (value: string) => Promise<unknown>,
  delayMs = 800,
) => {
  const [state, setState] = useState<SaveState>("idle")
  const latest = useRef({ value, saved, save })
  latest.current = { value, saved, save }

  useEffect(() => {
    if (value === saved) return
    const flush = () => {
      const { value: pending, save: write } = latest.current
      setState("saving")
      write(pending).then(
        () => setState("saved"),
        () => setState("failed"),
      )
    }
    const timer = setTimeout(flush, delayMs)
    const onHide = () => {
      if (document.visibilityState === "hidden") {
        clearTimeout(timer)
        flush()
      }
    }
    document.addEventListener("visibilitychange", onHide)
    return () => {
      clearTimeout(timer)
      document.removeEventListener("visibilitychange", onHide)
    }
  }, [value, saved, delayMs])

  return state
}
