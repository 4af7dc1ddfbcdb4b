import { Link } from "react-router"
import { insufficientCreditsMessage } from "#events/contracts/credit-errors.ts"
import { Alert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"

/**
 * An operation's start button, its price on it; below the balance it says so, with the way to more
 * credits, instead of starting.
 */
export const PriceButton = ({
  label,
  doing,
  price,
  balance,
  pending,
  disabled = false,
}: {
  readonly label: string
  /** "extend a song": what the credits are for, in the banner. */
  readonly doing: string
  readonly price: number
  readonly balance: number | undefined
  readonly pending: boolean
  readonly disabled?: boolean
}) => {
  const short = balance !== undefined && balance < price
  return (
    <div className="grid gap-3">
      {short && (
        <Alert tone="danger" title="Insufficient credits">
          <p>{insufficientCreditsMessage(balance, price, doing)}</p>
          <Link
            to="/credits"
            className="mt-1 inline-block font-semibold text-primary hover:text-pink"
          >
            Buy credits
          </Link>
        </Alert>
      )}
      <Button type="submit" className="justify-self-end" disabled={short || pending || disabled}>
        {pending ? "Starting..." : `${label} · ${price} credits`}
      </Button>
    </div>
  )
}
