import { useQuery } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { Failed, Loading } from "./list-states.tsx"
import {
  latestReconciliationQuery,
  type ReconciliationPeriod,
  reconciliationCsvUrl,
  reconciliationQuery,
} from "./reconciliation-queries.ts"
import { ReconciliationReport } from "./reconciliation-report.tsx"

const today = () => new Date().toISOString().slice(0, 10)

/** The last daily reconciliation, kept by the scheduled run. */
const LatestRun = () => {
  const latest = useQuery(latestReconciliationQuery)
  if (latest.isPending) return <Loading label="Loading the last daily reconciliation" />
  if (latest.isError) return <Failed error={latest.error} />
  if (latest.data === null)
    return <p className="text-sm text-faint">The daily reconciliation has not run yet.</p>
  return <ReconciliationReport report={latest.data} />
}

/** A reconciliation of the days asked for, run when Reconcile is pressed. */
const Run = ({ period }: { readonly period: ReconciliationPeriod }) => {
  const run = useQuery(reconciliationQuery(period))
  if (run.isPending) return <Loading label="Reconciling" />
  if (run.isError) return <Failed error={run.error} />
  return (
    <div className="grid gap-2">
      <ReconciliationReport report={run.data} />
      <a className="text-sm underline" href={reconciliationCsvUrl(period)} download>
        Download CSV
      </a>
    </div>
  )
}

/** Finance: the ledger reconciled with the payment provider, daily and on demand. */
export const FinancePanel = () => {
  const [draft, setDraft] = useState<ReconciliationPeriod>({ from: today(), to: today() })
  const [period, setPeriod] = useState<ReconciliationPeriod | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setPeriod(draft)
  }
  return (
    <div className="grid gap-6">
      <section aria-label="Reconcile a period" className="grid gap-3">
        <h2 className="font-display text-lg font-semibold">Reconciliation</h2>
        <form
          aria-label="Reconciliation period"
          onSubmit={submit}
          className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
        >
          <Field label="From">
            {(control) => (
              <Input
                {...control}
                type="date"
                required
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
                required
                value={draft.to}
                onChange={(e) => setDraft({ ...draft, to: e.target.value })}
              />
            )}
          </Field>
          <Button type="submit" size="sm">
            Reconcile
          </Button>
        </form>
        {period && <Run period={period} />}
      </section>
      <section aria-label="Last daily reconciliation" className="grid gap-3">
        <h2 className="font-display text-lg font-semibold">Last daily run</h2>
        <LatestRun />
      </section>
    </div>
  )
}
