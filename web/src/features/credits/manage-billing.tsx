import { CreditCard } from "lucide-react"
import { Button } from "../../components/ui/button.tsx"
import { errorMessage } from "../../lib/api.ts"
import { useBillingPortal } from "./receipts-queries.ts"

/**
 * "Manage billing": Stripe's customer portal for the card, invoices and cancelling. Not shown in the test
 * mode, which has no portal.
 */
export const ManageBilling = () => {
  const portal = useBillingPortal()
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="outline"
        onClick={() => portal.mutate(undefined)}
        disabled={portal.isPending}
      >
        <CreditCard className="h-4 w-4" aria-hidden />
        {portal.isPending ? "Opening…" : "Manage billing"}
      </Button>
      {portal.isError && (
        <p role="alert" className="max-w-xs text-right text-xs text-danger">
          {errorMessage(portal.error)}
        </p>
      )}
    </div>
  )
}
