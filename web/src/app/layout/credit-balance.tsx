import { Coins } from "lucide-react"
import { Link } from "react-router"
import { songCost } from "#modules/billing/api-prices.ts"
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover.tsx"
import { useBalance } from "../../features/credits/credits-queries.ts"

/** The balance in the header, and what a song costs. */
export const CreditBalance = () => {
  const balance = useBalance()
  const shown = balance.isPending ? "…" : String(balance.data ?? 0)
  return (
    <Popover>
      <PopoverTrigger
        className="inline-flex h-9 items-center gap-2 rounded-xl border border-line bg-surface-raised px-3 text-sm font-semibold transition hover:border-line-strong"
        aria-label={`Credit balance: ${shown} credits`}
      >
        <Coins className="h-4 w-4 text-amber" aria-hidden />
        <span data-testid="header-credits">{shown}</span>
      </PopoverTrigger>
      <PopoverContent>
        <p className="text-sm font-semibold">Your credits</p>
        <p className="mt-1 font-display text-2xl font-bold">{shown}</p>
        <p className="mt-1 text-sm text-muted">Each song costs {songCost} credits.</p>
        <Link
          to="/credits"
          className="mt-3 inline-block text-sm font-semibold text-primary hover:text-pink"
        >
          Credits & Billing
        </Link>
      </PopoverContent>
    </Popover>
  )
}
