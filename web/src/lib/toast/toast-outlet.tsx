import { lazy, Suspense, useSyncExternalStore } from "react"
import { currentToasts, subscribeToasts } from "./toast-store.ts"

const Toaster = lazy(() => import("./toaster.tsx").then((m) => ({ default: m.Toaster })))

/** A page the server draws has raised none (the same value every time, as React asks). */
const none: ReadonlyArray<never> = []
const noToasts = () => none

/**
 * Where toasts appear once there is one: the toaster and its primitives load with the first toast, so a
 * page that never raises one never downloads them.
 */
export const ToastOutlet = () => {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, noToasts)
  if (toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
