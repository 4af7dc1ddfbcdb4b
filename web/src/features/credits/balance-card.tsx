import { Coins } from "lucide-react"
import { Alert } from "../../components/ui/alert.tsx"
import { Card } from "../../components/ui/card.tsx"
import { useStanding } from "./credits-queries.ts"
import { FreeCreditsNote } from "./free-credits-note.tsx"

/**
 * 'Available credits': a skeleton while it loads, 0 when there are none; what disputes hold, and why
 * nothing paid starts while the balance is below zero.
 */
export const BalanceCard = ({ songCost }: { readonly songCost: number }) => {
  const standing = useStanding()
  const { credits = 0, held = 0 } = standing.data ?? {}
  return (
    <div className="grid gap-3">
      <Card className="flex items-center gap-5 p-6">
        <span className="grid h-14 w-14 shrink-0 place-items-center rounded-2xl bg-amber/15">
          <Coins className="h-7 w-7 text-amber" aria-hidden />
        </span>
        <div>
          <p className="text-sm font-semibold text-muted">Available credits</p>
          {standing.isPending ? (
            <div
              className="mt-1 h-9 w-24 animate-pulse rounded-lg bg-surface-raised"
              role="status"
              aria-label="Loading your credits"
            />
          ) : (
            <p
              className="font-display text-4xl font-bold tracking-tight"
              data-testid="available-credits"
            >
              {credits}
            </p>
          )}
          {standing.data && <FreeCreditsNote free={standing.data.free} />}
          {held > 0 && (
            <p className="mt-1 text-sm text-muted" data-testid="held-credits">
              {held} held by a payment dispute until it closes
            </p>
          )}
          <p className="mt-1 text-xs text-faint">Each song costs {songCost} credits.</p>
        </div>
      </Card>
      {credits < 0 && (
        <Alert tone="danger" title="Credits owed">
          <p>
            Credits you had spent were taken back with a refunded or disputed payment: your balance
            is {credits} credits. Buy credits to settle it before starting anything paid.
          </p>
        </Alert>
      )}
    </div>
  )
}
