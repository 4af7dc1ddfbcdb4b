import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { type ListFilters, noFilters } from "./list-filters.ts"

const selectClass =
  "h-11 w-full rounded-xl border border-line bg-ink/60 px-3 text-sm text-text focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"

/** The filters of a list, applied together when the form is sent; Clear shows everything again. */
export const FilterForm = ({
  name,
  typeLabel,
  typeOptions,
  applied,
  onApply,
}: {
  readonly name: string
  readonly typeLabel: string
  readonly typeOptions: ReadonlyArray<string>
  readonly applied: ListFilters
  readonly onApply: (filters: ListFilters) => void
}) => {
  const [draft, setDraft] = useState(applied)
  const set = (key: keyof ListFilters) => (value: string) => setDraft({ ...draft, [key]: value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply(draft)
  }
  return (
    <form
      aria-label={name}
      onSubmit={submit}
      className="mb-4 grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto]"
    >
      <Field label="User id">
        {(control) => (
          <Input
            {...control}
            value={draft.userId}
            maxLength={64}
            onChange={(e) => set("userId")(e.target.value)}
          />
        )}
      </Field>
      <Field label={typeLabel}>
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={draft.type}
            onChange={(e) => set("type")(e.target.value)}
          >
            <option value="">Any</option>
            {typeOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="From">
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={draft.from}
            onChange={(e) => set("from")(e.target.value)}
          />
        )}
      </Field>
      <Field label="To">
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={draft.to}
            onChange={(e) => set("to")(e.target.value)}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="md">
          Filter
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft(noFilters)
            onApply(noFilters)
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  )
}
