import { Coins } from "lucide-react"
import { Card } from "../../components/ui/card.tsx"
import { useBalance } from "./credits-queries.ts"

/** 'Available credits': a skeleton while it loads, 0 when there are none. */
export const BalanceCard = ({ songCost }: { readonly songCost: number }) => {
  const balance = useBalance()
  return (
    <Card className="flex items-center gap-5 p-6">
      <span className="grid h-14 w-14 shrink-0 place-items-center rounded-2xl bg-amber/15">
        <Coins className="h-7 w-7 text-amber" aria-hidden />
      </span>
      <div>
        <p className="text-sm font-semibold text-muted">Available credits</p>
        {balance.isPending ? (
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
            {balance.data ?? 0}
          </p>
        )}
        <p className="mt-1 text-xs text-faint">Each song costs {songCost} credits.</p>
      </div>
    </Card>
  )
}
