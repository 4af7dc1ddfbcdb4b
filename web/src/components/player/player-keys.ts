import { useEffect } from "react"
import * as player from "./player.ts"
import * as queue from "./queue-controls.ts"

const seekStep = 5

/** Where a key belongs to what has focus: typing, a control that takes the key itself, a menu's arrows. */
const takesKey = (target: EventTarget | null, key: string) => {
  if (!(target instanceof Element)) return false
  if (target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']"))
    return true
  if (key === " ")
    return target.closest("button, a, summary, [role='button'], [role='link']") !== null
  return (
    target.closest(
      "[role='slider'], [role='listbox'], [role='menu'], [role='tablist'], [role='radiogroup'], [role='grid'], [role='dialog']",
    ) !== null
  )
}

/**
 * The player's keys, while no field or control has them: Space plays or pauses, the arrows seek five
 * seconds, Shift with them goes to the previous or next song. A key with Ctrl, Alt or Meta is the browser's.
 */
export const usePlayerKeys = () => {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return
      if (takesKey(event.target, event.key)) return
      const act =
        event.key === " "
          ? player.toggle
          : event.key === "ArrowRight"
            ? event.shiftKey
              ? queue.next
              : () => player.seek(player.exactPosition() + seekStep)
            : event.key === "ArrowLeft"
              ? event.shiftKey
                ? queue.previous
                : () => player.seek(Math.max(0, player.exactPosition() - seekStep))
              : undefined
      if (!act) return
      event.preventDefault()
      act()
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [])
}
