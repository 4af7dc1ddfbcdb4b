import { Coins } from "lucide-react"
import { Link } from "react-router"
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover.tsx"

export const songCost = 5

/** The balance in the header, and what a song costs. The balance itself arrives with billing. */
export const CreditBalance = () => (
  <Popover>
    <PopoverTrigger
      className="inline-flex h-9 items-center gap-2 rounded-xl border border-line bg-surface-raised px-3 text-sm font-semibold transition hover:border-line-strong"
      aria-label="Credit balance"
    >
      <Coins className="h-4 w-4 text-amber" aria-hidden />
      <span>Credits</span>
    </PopoverTrigger>
    <PopoverContent>
      <p className="text-sm font-semibold">Your credits</p>
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
