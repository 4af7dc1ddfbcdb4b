/** JSON inside a script element: nothing in it can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c")

/** Seconds as ISO 8601, as schema.org durations are written: PT3M5S. */
export const isoDuration = (ms: number) => {
  const seconds = Math.round(ms / 1000)
  return `PT${Math.floor(seconds / 60)}M${seconds % 60}S`
}

/** A page's head, the first view of its body (both HTML), and the state the body was drawn from (JSON). */
export interface FirstView {
  /** Shown under the splash on a first visit (the sign-in page), or at once (a shared song, the timeline). */
  readonly splash?: boolean
  /** The address the page was drawn for, when another was asked for (the sign-in page, for `/`). */
  readonly at?: string
  readonly head: string
  readonly body: string
  readonly state: string
}
