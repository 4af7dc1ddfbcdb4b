import { useQuery } from "@tanstack/react-query"
import { Link, useParams } from "react-router"
import { Badge } from "../../components/ui/badge.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { formatDateTime, formatPrice } from "./format.ts"
import { receiptStatus } from "./receipt-list.tsx"
import { receiptQuery } from "./receipts-queries.ts"

const Row = ({ label, value }: { readonly label: string; readonly value: string }) => (
  <div className="flex justify-between gap-4 py-2">
    <dt className="text-muted">{label}</dt>
    <dd className="font-semibold">{value}</dd>
  </div>
)

/** /credits/receipts/:paymentId: a payment's receipt, the link of the test mode's receipt mails. */
export const ReceiptPage = () => {
  const { paymentId = "" } = useParams()
  const receipt = useQuery(receiptQuery(paymentId))
  if (receipt.isPending) return <PageSpinner />
  if (receipt.isError) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center">
        <p className="text-muted">This receipt was not found.</p>
        <Button asChild className="mt-6">
          <Link to="/credits">Back to Credits & Billing</Link>
        </Button>
      </Card>
    )
  }
  const r = receipt.data
  const money = (cents: number) => formatPrice(cents, r.currency)
  return (
    <Card className="mx-auto max-w-md p-8">
      <h1 className="font-display text-2xl font-bold">Receipt</h1>
      <p className="mt-1 flex items-center gap-2 text-sm text-muted">
        {formatDateTime(r.paidAt)}
        <Badge tone={receiptStatus[r.status].tone}>{receiptStatus[r.status].label}</Badge>
      </p>
      <dl className="mt-6 divide-y divide-line text-sm">
        <Row label="Item" value={r.description} />
        <Row label="Paid" value={money(r.amountCents)} />
        {r.taxCents > 0 && <Row label="Tax included" value={money(r.taxCents)} />}
        <Row label="Credits" value={String(r.credits)} />
        {r.refundedCents > 0 && <Row label="Refunded" value={money(r.refundedCents)} />}
        {r.invoiceNumber && <Row label="Invoice" value={r.invoiceNumber} />}
      </dl>
      {r.invoiceUrl && (
        <Button asChild variant="outline" className="mt-6 w-full">
          <a href={r.invoiceUrl} target="_blank" rel="noreferrer">
            Open the invoice
          </a>
        </Button>
      )}
      <Button asChild className="mt-3 w-full">
        <Link to="/credits">Back to Credits & Billing</Link>
      </Button>
    </Card>
  )
}
