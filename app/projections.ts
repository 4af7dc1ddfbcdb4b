import { adminActivity } from "#projections/admin/admin-activity.ts"
import { errorStream } from "#projections/admin/error-stream.ts"
import { comments } from "#projections/comments/projection.ts"
import { creators } from "#projections/creators/projection.ts"
import { ledgerMoney } from "#projections/credit-ledger/money.ts"
import { creditLedger } from "#projections/credit-ledger/projection.ts"
import { eventCounts } from "#projections/event-counts.ts"
import { moderation } from "#projections/moderation/projection.ts"
import { notifications } from "#projections/notifications/projection.ts"
import { operatingTotals } from "#projections/operating-totals.ts"
import { playlists } from "#projections/playlists/projection.ts"
import type { Projection } from "#projections/runner.ts"
import { search } from "#projections/search/projection.ts"
import { library } from "#projections/songs/library.ts"
import { timeline } from "#projections/songs/timeline.ts"

/** Every read model the app keeps, in the order they are set up. */
export const projections: ReadonlyArray<Projection> = [
  eventCounts,
  operatingTotals,
  creditLedger,
  ledgerMoney,
  library,
  timeline,
  creators,
  playlists,
  search,
  comments,
  notifications,
  moderation,
  adminActivity,
  errorStream,
]
