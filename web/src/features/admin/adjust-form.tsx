import { useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { errorMessage } from "../../lib/api.ts"
import { useRequestAdjustment } from "./adjustment-queries.ts"

const empty = { amount: "", reason: "", ticket: "" }

/**
 * Grants (a positive amount) or removes (a negative one) a person's credits, with a reason and a ticket;
 * says whether it applied or waits for a second admin.
 */
export const AdjustForm = ({
  userId,
  username,
}: {
  readonly userId: string
  readonly username: string
}) => {
  const adjust = useRequestAdjustment(userId)
  const [draft, setDraft] = useState(empty)
  const set = (key: keyof typeof empty) => (value: string) => setDraft({ ...draft, [key]: value })
  const outcome = adjust.data
  return (
    <form
      aria-label={`Adjust the credits of ${username}`}
      className="grid items-end gap-3 rounded-xl border border-line p-4 sm:grid-cols-[8rem_1fr_10rem_auto]"
      onSubmit={(event) => {
        event.preventDefault()
        adjust.mutate(
          { amount: Number(draft.amount), reason: draft.reason, ticket: draft.ticket },
          { onSuccess: () => setDraft(empty) },
        )
      }}
    >
      <Field label="Credits (+/-)">
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            required
            value={draft.amount}
            onChange={(e) => set("amount")(e.target.value)}
          />
        )}
      </Field>
      <Field label="Reason">
        {(control) => (
          <Input
            {...control}
            required
            maxLength={500}
            value={draft.reason}
            onChange={(e) => set("reason")(e.target.value)}
          />
        )}
      </Field>
      <Field label="Ticket">
        {(control) => (
          <Input
            {...control}
            maxLength={100}
            placeholder="Optional"
            value={draft.ticket}
            onChange={(e) => set("ticket")(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={adjust.isPending}>
        Adjust
      </Button>
      {adjust.isError && (
        <p role="alert" className="text-sm text-danger sm:col-span-4">
          {errorMessage(adjust.error)}
        </p>
      )}
      {outcome && (
        <p role="status" className="text-sm text-muted sm:col-span-4">
          {outcome.status === "pending"
            ? "Above the approval threshold: it waits for a second admin's approval."
            : `Applied: the balance is now ${outcome.balance} credits.`}
        </p>
      )}
    </form>
  )
}
