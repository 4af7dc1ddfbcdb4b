/**
 * The toast queue, outside React so any code (a mutation's error handler, a reset routine) can raise one.
 * At most three are shown; a dismissed toast stays mounted for its exit animation, then is removed after
 * five seconds.
 */
export type ToastVariant = "default" | "success" | "destructive"

export interface ToastInput {
  readonly title: string
  readonly description?: string
  readonly variant?: ToastVariant
  /** How long it stays, in milliseconds; 5000 unless said otherwise. */
  readonly duration?: number
}

export interface ToastItem extends ToastInput {
  readonly id: string
  readonly open: boolean
}

export const toastLimit = 3
export const toastDuration = 5000
export const toastRemoveDelay = 5000

let items: ReadonlyArray<ToastItem> = []
const listeners = new Set<() => void>()
const removals = new Map<string, ReturnType<typeof setTimeout>>()
let counter = 0

const emit = (next: ReadonlyArray<ToastItem>) => {
  items = next
  for (const listener of listeners) listener()
}

export const dismissToast = (id?: string) => {
  const closing = items.filter((t) => t.open && (id === undefined || t.id === id))
  for (const t of closing) {
    if (removals.has(t.id)) continue
    removals.set(
      t.id,
      setTimeout(() => {
        removals.delete(t.id)
        emit(items.filter((i) => i.id !== t.id))
      }, toastRemoveDelay),
    )
  }
  emit(items.map((t) => (closing.includes(t) ? { ...t, open: false } : t)))
}

export const toast = (input: ToastInput) => {
  counter += 1
  const id = `toast-${counter}`
  emit([{ ...input, id, open: true }, ...items].slice(0, toastLimit))
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => emit(items.map((t) => (t.id === id ? { ...t, ...next } : t))),
  }
}

export const subscribeToasts = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const currentToasts = () => items
