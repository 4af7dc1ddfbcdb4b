/** What a visitor does first on a page: each means they are about to use it. */
const moves = ["pointerdown", "keydown", "focusin", "touchstart", "wheel", "scroll"] as const

const listening = { capture: true, passive: true } as const

/**
 * Takes over a page the server drew (`takeOver`, which resolves once React holds the root) when it is
 * needed, rather than as it loads: at once for someone signed in (the server says so on the root; their
 * page is to become theirs) or whose focus is already in it (a field the page focused), otherwise at the
 * visitor's first move (a press, a key, a focus, a touch, a scroll). Until then the page is the server's
 * markup: its links are links and navigate as they are, and it costs the phone no rendering. A press on
 * anything else, or a form sent, before React holds the root is held and done again once it does, where
 * React hydrates what was pressed at once and hands it the click (the page's code is asked for on
 * arrival, so this wait is short).
 */
export const hydrateWhenUsed = (root: HTMLElement, takeOver: () => Promise<void>) => {
  let held: (() => void) | undefined
  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : undefined
    if (target === undefined || !root.contains(target)) return
    if (event.type === "submit" && target instanceof HTMLFormElement) {
      event.preventDefault()
      held = () => target.requestSubmit()
    } else if (event.type === "click" && target.closest("a[href]") === null) {
      event.preventDefault()
      held = () => (target as HTMLElement).click()
    }
  }
  window.addEventListener("click", hold, true)
  window.addEventListener("submit", hold, true)
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const move of moves) window.removeEventListener(move, start, listening)
    void takeOver().then(() => {
      window.removeEventListener("click", hold, true)
      window.removeEventListener("submit", hold, true)
      held?.()
    })
  }
  if (root.dataset.firstView === "signed-in" || root.contains(document.activeElement)) start()
  else for (const move of moves) window.addEventListener(move, start, listening)
}
