import type { SongOperation } from "#events/contracts/song-operations.ts"
import { shortOfCreditsMessage } from "#modules/billing/api-credit-refusals.ts"
import { Button } from "../../components/ui/button.tsx"
import type { OperationSlots } from "./operation-form-props.ts"

/**
 * An operation's start button, its price on it; below the balance it says so, with the way to more
 * credits, instead of starting.
 */
export const PriceButton = ({
  label,
  use,
  price,
  balance,
  pending,
  disabled = false,
  shortOfCredits,
}: {
  readonly label: string
  /** What the credits are for, as the banner names it. */
  readonly use: SongOperation
  readonly price: number
  readonly balance: number | undefined
  readonly pending: boolean
  readonly disabled?: boolean
  readonly shortOfCredits: OperationSlots["shortOfCredits"]
}) => {
  const short = balance !== undefined && balance < price
  return (
    <div className="grid gap-3">
      {short && shortOfCredits(shortOfCreditsMessage(balance, price, use))}
      <Button type="submit" className="justify-self-end" disabled={short || pending || disabled}>
        {pending ? "Starting..." : `${label} · ${price} credits`}
      </Button>
    </div>
  )
}
