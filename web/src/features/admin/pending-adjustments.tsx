import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { PendingAdjustment } from "#modules/billing/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { Input } from "../../components/ui/input.tsx"
import { errorMessage } from "../../lib/api.ts"
import { useCurrentUser } from "../../lib/session.ts"
import { pendingAdjustmentsQuery, useDecideAdjustment } from "./adjustment-queries.ts"
import { formatTime, signed } from "./format.ts"
import { Failed, Loading } from "./list-states.tsx"
import { Table, Td } from "./table.tsx"

/** Approve (a second admin only), or reject with a reason. */
const Decision = ({
  adjustment,
  own,
}: {
  readonly adjustment: PendingAdjustment
  readonly own: boolean
}) => {
  const decide = useDecideAdjustment(adjustment.adjustmentId)
  const [reason, setReason] = useState("")
  const label = `${signed(adjustment.amount)} credits for ${adjustment.userId}`
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {own ? (
          <span className="text-xs text-faint">Requested by you: another admin approves it</span>
        ) : (
          <Button
            size="sm"
            disabled={decide.isPending}
            aria-label={`Approve ${label}`}
            onClick={() => decide.mutate({ action: "approve" })}
          >
            Approve
          </Button>
        )}
      </div>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          decide.mutate({ action: "reject", reason })
        }}
      >
        <Input
          className="h-9 w-48"
          required
          maxLength={500}
          placeholder="Why not"
          aria-label={`Reason to reject ${label}`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button type="submit" size="sm" variant="ghost" disabled={decide.isPending}>
          Reject
        </Button>
      </form>
      {decide.isError && (
        <p role="alert" className="text-xs text-danger">
          {errorMessage(decide.error)}
        </p>
      )}
    </div>
  )
}

/** Adjustments above the threshold, waiting for a second admin. */
export const PendingAdjustments = () => {
  const pending = useQuery(pendingAdjustmentsQuery)
  const me = useCurrentUser().data?.id
  if (pending.isPending) return <Loading label="Loading the pending adjustments" />
  if (pending.isError) return <Failed error={pending.error} />
  const { approvalAbove, adjustments } = pending.data
  return (
    <section aria-label="Pending adjustments" className="grid gap-2">
      <h2 className="font-display text-lg font-semibold">Pending adjustments</h2>
      <p className="text-xs text-faint">
        Adjustments of more than {approvalAbove} credits wait for a second admin.
      </p>
      {adjustments.length === 0 ? (
        <p className="text-sm text-muted">None waits for approval.</p>
      ) : (
        <Table
          caption="Adjustments waiting for approval, oldest first"
          head={["Requested", "Person", "Amount", "Reason", "Ticket", "Requested by", "Decision"]}
        >
          {adjustments.map((adjustment) => (
            <tr key={adjustment.adjustmentId}>
              <Td className="whitespace-nowrap text-muted tabular-nums">
                {formatTime(adjustment.requestedAt)}
              </Td>
              <Td className="text-xs break-all">{adjustment.userId}</Td>
              <Td className="font-semibold tabular-nums">{signed(adjustment.amount)}</Td>
              <Td className="text-muted">{adjustment.reason}</Td>
              <Td className="text-muted">{adjustment.ticket ?? ""}</Td>
              <Td className="text-xs break-all text-muted">{adjustment.requestedBy}</Td>
              <Td>
                <Decision adjustment={adjustment} own={adjustment.requestedBy === me} />
              </Td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  )
}
