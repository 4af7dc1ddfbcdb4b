/**
 * What a visitor does first on a page: each means they are about to use it. Not a focus: the sign-in
 * page focuses its first field itself (autofocus), and a person's focus comes with a press or a key. An
 * input is one: a field filled without a key (a password manager, a paste from a menu).
 */
const moves = ["pointerdown", "keydown", "input", "touchstart", "wheel", "scroll"] as const

const listening = { capture: true, passive: true } as const

const dispatchInput = (field: Element) => field.dispatchEvent(new Event("input", { bubbles: true }))

/**
 * A press done again, as the browser did it: some controls answer the press rather than the click (a tab
 * is chosen as the button goes down), and React heard neither.
 */
const press = (target: HTMLElement) => {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0 }
  const pointer = { ...init, isPrimary: true, pointerType: "mouse" }
  target.dispatchEvent(new PointerEvent("pointerdown", pointer))
  target.dispatchEvent(new MouseEvent("mousedown", init))
  target.dispatchEvent(new PointerEvent("pointerup", pointer))
  target.dispatchEvent(new MouseEvent("mouseup", init))
  target.click()
}

/**
 * What is held until the page is hydrated, and done again then; the rest of a press is kept from React
 * (which listens from the start of hydration) as the whole press is done again.
 */
const heldKinds = [
  "click",
  "submit",
  "keydown",
  "pointerdown",
  "mousedown",
  "pointerup",
  "mouseup",
] as const

/** A key pressed with Ctrl, Alt or Meta: a shortcut the app may answer (Ctrl+Shift+S resets it). */
const isShortcut = (event: KeyboardEvent) =>
  event.type === "keydown" && (event.ctrlKey || event.altKey || event.metaKey)

const copyOf = (event: KeyboardEvent): KeyboardEventInit => ({
  key: event.key,
  code: event.code,
  ctrlKey: event.ctrlKey,
  altKey: event.altKey,
  metaKey: event.metaKey,
  shiftKey: event.shiftKey,
  bubbles: true,
  cancelable: true,
})

/** What a press on `target` presses: an icon's shape inside a button is an SVG element, which has no click. */
const pressable = (target: Element) => {
  let at: Element | null = target
  while (at !== null && !(at instanceof HTMLElement)) at = at.parentElement
  return at
}

/**
 * Tells React of every field whose value was typed or filled in before the page was hydrated (the value
 * differs from the one drawn), as if typed now, so the form's state has it. The values are read first:
 * the state a first field's change draws puts the drawn value back in the others. Each field's drawn
 * value is set through React's record of it and the typed one past it, so the event is a change.
 */
const retellFields = (root: HTMLElement) => {
  const typed = [
    ...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      "input:not([type=checkbox]):not([type=radio]), textarea",
    ),
  ]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, drawn: field.defaultValue, value: field.value }))
  for (const { field, drawn, value } of typed) {
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set
    field.value = drawn
    setValue?.call(field, value)
    dispatchInput(field)
  }
}

/**
 * Takes over a page the server drew (`takeOver`, which resolves once the page is hydrated) when it is
 * needed, rather than as it loads: at once for someone signed in (the server says so on the root; their
 * page is to become theirs), otherwise at the visitor's first move (a press, a key, a touch, a scroll).
 * Until then the page is the server's markup: its links are links and navigate as they are, and it
 * costs the phone no rendering and none of the app's script. A press on anything else, or a form sent,
 * before the page is hydrated is held and done again once it is (the app's files are fetched on arrival, so this wait is the app's start);
 * values typed before then are handed to their fields first, and a shortcut is pressed again.
 */
export const hydrateWhenUsed = (root: HTMLElement, takeOver: () => Promise<void>) => {
  let held: (() => void) | undefined
  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : undefined
    if (target === undefined) return
    if (event instanceof KeyboardEvent) {
      if (!isShortcut(event)) return
      event.stopPropagation()
      held = () => target.dispatchEvent(new KeyboardEvent("keydown", copyOf(event)))
      return
    }
    if (!root.contains(target) || target.closest("a[href]") !== null) return
    event.stopPropagation()
    if (event.type === "submit" && target instanceof HTMLFormElement) {
      event.preventDefault()
      held = () => target.requestSubmit()
    } else if (event.type === "click") {
      event.preventDefault()
      const element = pressable(target)
      if (element) held = () => press(element)
    }
  }
  for (const kind of heldKinds) window.addEventListener(kind, hold, true)
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const move of moves) window.removeEventListener(move, start, listening)
    void takeOver().then(() => {
      for (const kind of heldKinds) window.removeEventListener(kind, hold, true)
      retellFields(root)
      held?.()
    })
  }
  if (root.dataset.firstView === "signed-in") start()
  else for (const move of moves) window.addEventListener(move, start, listening)
}
