import { useState } from "react"
import { LedgerView } from "./ledger-view.tsx"
import { type PickedUser, UserSearch } from "./user-search.tsx"

/** Find a person, then read their ledger. */
export const CreditLedger = () => {
  const [picked, setPicked] = useState<PickedUser | null>(null)
  return (
    <div className="grid gap-6">
      <UserSearch picked={picked} onPick={setPicked} />
      {picked ? (
        <LedgerView userId={picked.userId} username={picked.username} />
      ) : (
        <p className="text-sm text-muted">Search for a user by a part of their username.</p>
      )}
    </div>
  )
}
