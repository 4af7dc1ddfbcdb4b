import { useQuery } from "@tanstack/react-query"
import { Link } from "react-router"
import type { ReceiptLine } from "#modules/billing/api.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { formatDate, formatPrice } from "./format.ts"
import { receiptsQuery } from "./receipts-queries.ts"

export const receiptStatus = {
  paid: { label: "Paid", tone: "success" },
  partially_refunded: { label: "Partially refunded", tone: "warning" },
  refunded: { label: "Refunded", tone: "default" },
} as const

/** Stripe's invoice page when there is one; the app's own receipt page in the test mode. */
const ReceiptLink = ({ receipt }: { readonly receipt: ReceiptLine }) =>
  receipt.invoiceUrl ? (
    <a
      href={receipt.invoiceUrl}
      target="_blank"
      rel="noreferrer"
      className="text-xs font-semibold text-primary hover:underline"
    >
      Invoice {receipt.invoiceNumber ?? ""}
    </a>
  ) : (
    <Link
      to={`/credits/receipts/${encodeURIComponent(receipt.paymentId)}`}
      className="text-xs font-semibold text-primary hover:underline"
    >
      Receipt
    </Link>
  )

/** The person's invoices and receipts, a tab of the credits page's history. */
export const ReceiptList = () => {
  const receipts = useQuery(receiptsQuery)
  return (
    <div>
      {receipts.isPending && <p className="py-6 text-sm text-muted">Loading…</p>}
      {receipts.isError && (
        <p className="py-6 text-sm text-danger">
          Your invoices could not be loaded. Please refresh the page.
        </p>
      )}
      {receipts.data?.receipts.length === 0 && (
        <p className="py-6 text-center text-sm text-muted">No payments yet</p>
      )}
      {receipts.data && receipts.data.receipts.length > 0 && (
        <ul className="divide-y divide-line" aria-label="Invoices and receipts">
          {receipts.data.receipts.map((receipt) => (
            <li key={receipt.paymentId} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                  {receipt.description}
                  <Badge tone={receiptStatus[receipt.status].tone}>
                    {receiptStatus[receipt.status].label}
                  </Badge>
                </p>
                <p className="text-xs text-faint">{formatDate(receipt.paidAt)}</p>
              </div>
              <div className="shrink-0 text-right">
                <p className="font-display font-semibold">
                  {formatPrice(receipt.amountCents, receipt.currency)}
                </p>
                {receipt.taxCents > 0 && (
                  <p className="text-xs text-faint">
                    incl. tax {formatPrice(receipt.taxCents, receipt.currency)}
                  </p>
                )}
                <ReceiptLink receipt={receipt} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
