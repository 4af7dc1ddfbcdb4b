import type { FreeCreditsView } from "#modules/billing/api.ts"
import { formatDateTime } from "./format.ts"

/** How long until `at`, in whole hours and minutes: "5 h 20 min", "40 min". */
const inTime = (at: Date, now: Date) => {
  const minutes = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000))
  const hours = Math.floor(minutes / 60)
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`
}

/** The free daily credits under the balance: how many are left, and when the next ones come. */
export const FreeCreditsNote = ({ free }: { readonly free: FreeCreditsView | null }) => {
  if (free === null || free.perDay === 0) return null
  if (free.nextGrantAt === null) {
    return (
      <p className="mt-1 text-sm text-muted" data-testid="free-credits">
        Verify your email address to get {free.perDay} free credits every day.
      </p>
    )
  }
  return (
    <p className="mt-1 text-sm text-muted" data-testid="free-credits">
      {free.free} free {free.free === 1 ? "credit" : "credits"} left today, spent first. Your free
      credits are topped up to {free.perDay} at midnight UTC: next on{" "}
      <time dateTime={free.nextGrantAt.toISOString()}>{formatDateTime(free.nextGrantAt)}</time> (in{" "}
      {inTime(free.nextGrantAt, new Date())}).
    </p>
  )
}
