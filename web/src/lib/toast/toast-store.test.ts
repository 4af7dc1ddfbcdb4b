import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { currentToasts, dismissToast, toast, toastRemoveDelay } from "./toast-store.ts"

describe("toast store", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    dismissToast()
    vi.runAllTimers()
    vi.useRealTimers()
  })

  it("shows at most three toasts, newest first", () => {
    for (let i = 1; i <= 5; i++) toast({ title: `Toast ${i}` })
    expect(currentToasts().map((t) => t.title)).toEqual(["Toast 5", "Toast 4", "Toast 3"])
  })

  it("keeps a dismissed toast closed for 5 seconds, then removes it", () => {
    const { id, dismiss } = toast({ title: "Saved", variant: "success" })
    dismiss()
    expect(currentToasts().find((t) => t.id === id)?.open).toBe(false)
    vi.advanceTimersByTime(toastRemoveDelay - 1)
    expect(currentToasts().some((t) => t.id === id)).toBe(true)
    vi.advanceTimersByTime(1)
    expect(currentToasts().some((t) => t.id === id)).toBe(false)
  })

  it("updates a toast in place", () => {
    const { id, update } = toast({ title: "Loading", description: "Processing request..." })
    update({ title: "Success", description: "Request completed successfully", variant: "success" })
    expect(currentToasts().find((t) => t.id === id)).toMatchObject({
      title: "Success",
      variant: "success",
      open: true,
    })
  })
})
