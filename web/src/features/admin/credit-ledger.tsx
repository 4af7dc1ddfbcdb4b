import { useState } from "react"
import { LedgerView } from "./ledger-view.tsx"
import { PendingAdjustments } from "./pending-adjustments.tsx"
import { type PickedUser, UserSearch } from "./user-search.tsx"

/** What waits for a second admin; then find a person, read their ledger and adjust it. */
export const CreditLedger = () => {
  const [picked, setPicked] = useState<PickedUser | null>(null)
  return (
    <div className="grid gap-6">
      <PendingAdjustments />
      <UserSearch picked={picked} onPick={setPicked} />
      {picked ? (
        <LedgerView userId={picked.userId} username={picked.username} />
      ) : (
        <p className="text-sm text-muted">Search for a user by a part of their username.</p>
      )}
    </div>
  )
}
