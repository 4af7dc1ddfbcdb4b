import * as ToastPrimitive from "@radix-ui/react-toast"
import { CheckCircle2, Info, X, XCircle } from "lucide-react"
import { useSyncExternalStore } from "react"
import { cn } from "../cn.ts"
import {
  currentToasts,
  dismissToast,
  subscribeToasts,
  type ToastVariant,
  toastDuration,
} from "./toast-store.ts"

const look: Record<ToastVariant, { readonly box: string; readonly icon: typeof Info }> = {
  default: { box: "border-line-strong", icon: Info },
  success: { box: "border-success/40", icon: CheckCircle2 },
  destructive: { box: "border-danger/50 bg-danger/10", icon: XCircle },
}

/** Where toasts appear: bottom right, swiped away to the right, reachable with F8. */
export const Toaster = () => {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts)
  return (
    <ToastPrimitive.Provider swipeDirection="right" swipeThreshold={50} duration={toastDuration}>
      {toasts.map((t) => {
        const { box, icon: Icon } = look[t.variant ?? "default"]
        return (
          <ToastPrimitive.Root
            key={t.id}
            open={t.open}
            duration={t.duration ?? toastDuration}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id)
            }}
            className={cn(
              "glass group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-2xl shadow-black/40",
              "data-[state=open]:animate-rise data-[state=closed]:animate-fade-out",
              "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
              "data-[swipe=end]:animate-fade-out",
              box,
            )}
          >
            <Icon
              aria-hidden
              className={cn(
                "mt-0.5 h-5 w-5 shrink-0",
                t.variant === "destructive"
                  ? "text-danger"
                  : t.variant === "success"
                    ? "text-success"
                    : "text-primary",
              )}
            />
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">
                {t.title}
              </ToastPrimitive.Title>
              {t.description && (
                <ToastPrimitive.Description className="text-sm text-muted">
                  {t.description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label="Close"
              className="absolute top-3 right-3 rounded-md p-1 text-faint opacity-70 transition hover:text-text hover:opacity-100"
            >
              <X className="h-4 w-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        )
      })}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  )
}
