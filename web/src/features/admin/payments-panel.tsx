import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { AdminPayment } from "#modules/billing/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { Input } from "../../components/ui/input.tsx"
import { errorMessage } from "../../lib/api.ts"
import { Failed, Loading } from "./list-states.tsx"
import { paymentsQuery, useReversal } from "./payment-queries.ts"
import { Table, Td } from "./table.tsx"

const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`

/** "10.00" or "10" in the payment's currency, as cents; undefined when it is not an amount. */
const toCents = (text: string) => {
  const amount = Number(text.replace(",", "."))
  return text.trim() !== "" && Number.isFinite(amount) ? Math.round(amount * 100) : undefined
}

const disputeText = (dispute: AdminPayment["dispute"]) =>
  dispute === null
    ? "None"
    : dispute.status === "open"
      ? `Open: ${dispute.held} credits held`
      : `Closed, ${dispute.status}`

/** The test mode's actions on one payment: refund all or part, open a dispute, close it won or lost. */
const PaymentActions = ({
  userId,
  payment,
}: {
  readonly userId: string
  readonly payment: AdminPayment
}) => {
  const reversal = useReversal(userId, payment.paymentId)
  const [amount, setAmount] = useState("")
  const left = payment.amountCents - payment.refundedCents
  const open = payment.dispute?.status === "open"
  const busy = reversal.isPending
  const label = payment.description
  return (
    <div className="grid gap-2">
      {left > 0 && (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            const cents = toCents(amount)
            reversal.mutate(
              { action: "refund", ...(cents !== undefined && { amountCents: cents }) },
              { onSuccess: () => setAmount("") },
            )
          }}
        >
          <Input
            className="h-9 w-28"
            inputMode="decimal"
            placeholder={(left / 100).toFixed(2)}
            aria-label={`Amount to refund of ${label}`}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            {amount.trim() === "" ? "Refund all" : "Refund"}
          </Button>
        </form>
      )}
      <div className="flex flex-wrap gap-2">
        {payment.dispute === null && (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => reversal.mutate({ action: "dispute" })}
          >
            Open a dispute
          </Button>
        )}
        {open &&
          (["won", "lost"] as const).map((outcome) => (
            <Button
              key={outcome}
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => reversal.mutate({ action: "close", outcome })}
            >
              Close {outcome}
            </Button>
          ))}
      </div>
      {reversal.isError && (
        <p role="alert" className="text-xs text-danger">
          {errorMessage(reversal.error)}
        </p>
      )}
    </div>
  )
}

/**
 * A person's payments, each with what refunds and disputes took of it; in the test mode, the admin's
 * actions on it (with Stripe, they are made in Stripe's dashboard).
 */
export const PaymentsPanel = ({
  userId,
  username,
}: {
  readonly userId: string
  readonly username: string
}) => {
  const payments = useQuery(paymentsQuery(userId))
  if (payments.isPending) return <Loading label="Loading the payments" />
  if (payments.isError) return <Failed error={payments.error} />
  const { testMode, payments: list } = payments.data
  if (list.length === 0) return null
  return (
    <Table
      caption={`Payments of ${username}`}
      head={[
        "Payment",
        "Paid",
        "Refunded",
        "Credits taken back",
        "Dispute",
        ...(testMode ? ["Test mode"] : []),
      ]}
    >
      {list.map((payment) => (
        <tr key={payment.paymentId}>
          <Td>
            {payment.description}
            <span className="block text-xs break-all text-faint">{payment.paymentId}</span>
          </Td>
          <Td className="tabular-nums">{money(payment.amountCents, payment.currency)}</Td>
          <Td className="tabular-nums">{money(payment.refundedCents, payment.currency)}</Td>
          <Td className="tabular-nums">{payment.creditsTaken}</Td>
          <Td>{disputeText(payment.dispute)}</Td>
          {testMode && (
            <Td>
              <PaymentActions userId={userId} payment={payment} />
            </Td>
          )}
        </tr>
      ))}
    </Table>
  )
}
