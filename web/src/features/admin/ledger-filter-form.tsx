import { type FormEvent, useState } from "react"
import { ledgerCauses } from "#projections/credit-ledger/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { type LedgerFilters, noLedgerFilters } from "./ledger-filters.ts"

/** Which causes and which days (both inclusive) of the ledger to show; Clear shows everything again. */
export const LedgerFilterForm = ({
  applied,
  onApply,
}: {
  readonly applied: LedgerFilters
  readonly onApply: (filters: LedgerFilters) => void
}) => {
  const [draft, setDraft] = useState(applied)
  const toggle = (cause: string) =>
    setDraft({
      ...draft,
      causes: draft.causes.includes(cause)
        ? draft.causes.filter((c) => c !== cause)
        : [...draft.causes, cause],
    })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply(draft)
  }
  return (
    <form
      aria-label="Ledger filters"
      onSubmit={submit}
      className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
    >
      <fieldset className="flex flex-wrap gap-3 text-sm">
        <legend className="mb-1 text-xs text-faint">Causes (none: all)</legend>
        {ledgerCauses.map((cause) => (
          <label key={cause} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={draft.causes.includes(cause)}
              onChange={() => toggle(cause)}
            />
            {cause}
          </label>
        ))}
      </fieldset>
      <Field label="From">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        )}
      </Field>
      <Field label="To">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Apply
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            setDraft(noLedgerFilters)
            onApply(noLedgerFilters)
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  )
}
