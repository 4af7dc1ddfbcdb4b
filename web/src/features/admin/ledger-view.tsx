import { useQuery } from "@tanstack/react-query"
import { Download } from "lucide-react"
import { useState } from "react"
import { Link } from "react-router"
import type { Ledger } from "#modules/billing/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { cn } from "../../lib/cn.ts"
import { AdjustForm } from "./adjust-form.tsx"
import { ledgerCsvUrl, ledgerQuery } from "./admin-queries.ts"
import { formatTime, signed } from "./format.ts"
import { ledgerDrift } from "./ledger-drift.ts"
import { LedgerFilterForm } from "./ledger-filter-form.tsx"
import { type LedgerFilters, ledgerParams, monthsOf, noLedgerFilters } from "./ledger-filters.ts"
import { Empty, Failed, Loading } from "./list-states.tsx"
import { Pager } from "./pager.tsx"
import { PaymentsPanel } from "./payments-panel.tsx"
import { Table, Td } from "./table.tsx"

const DriftIndicator = ({ ledger }: { readonly ledger: Ledger }) => {
  const { summed, running } = ledger
  const drift = ledgerDrift(ledger)
  return (
    <div>
      <p
        data-testid="ledger-drift"
        className={cn("font-semibold", drift === 0 ? "text-success" : "text-danger")}
      >
        {drift === 0 ? "In balance" : `Drift: ${drift} credits`}
      </p>
      <p className="text-xs text-faint">
        Entries add up to {summed}; the last running balance is {running}.
      </p>
    </div>
  )
}

/** An adjustment's ticket and admins, under its reason. */
const AdjustmentParties = ({ entry }: { readonly entry: Ledger["entries"][number] }) => {
  const parts = [
    entry.ticket && `ticket ${entry.ticket}`,
    entry.requestedBy && `requested by ${entry.requestedBy}`,
    entry.approvedBy && `approved by ${entry.approvedBy}`,
  ].filter(Boolean)
  return parts.length === 0 ? null : (
    <span className="block text-xs break-all text-faint">{parts.join(" · ")}</span>
  )
}

/** A printable statement for each month the shown entries fall in. */
const StatementLinks = ({
  userId,
  months,
}: {
  readonly userId: string
  readonly months: ReadonlyArray<string>
}) =>
  months.length === 0 ? null : (
    <nav aria-label="Monthly statements" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-xs text-faint">Statements:</span>
      {months.map((month) => (
        <Link
          key={month}
          to={`/admin/ledger/${encodeURIComponent(userId)}/statement/${month}`}
          className="rounded-lg border border-line px-2 py-1 hover:border-primary"
          aria-label={`Statement ${month}`}
        >
          {month}
        </Link>
      ))}
    </nav>
  )

/** One person's credits, every movement with its running balance, cause and actor, for finance. */
export const LedgerView = ({
  userId,
  username,
}: {
  readonly userId: string
  readonly username: string
}) => {
  const [filters, setFilters] = useState<LedgerFilters>(noLedgerFilters)
  const [offset, setOffset] = useState(0)
  const ledger = useQuery(ledgerQuery(userId, filters, offset))
  if (ledger.isPending) return <Loading label="Loading the ledger" />
  if (ledger.isError) return <Failed error={ledger.error} />
  const { balance, entries, total, pageSize } = ledger.data
  const filtered = Object.keys(ledgerParams(filters)).length > 0
  return (
    <section aria-label={`Credit ledger of ${username}`} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4 rounded-xl border border-line p-4">
        <div>
          <p className="text-xs text-faint">Balance of {username}</p>
          <p className="font-display text-3xl font-bold tabular-nums" data-testid="ledger-balance">
            {balance}
          </p>
        </div>
        {/* Filtered entries need not add up to the balance: the check reads the whole ledger. */}
        {filtered ? null : <DriftIndicator ledger={ledger.data} />}
        <Button asChild variant="secondary" size="sm">
          <a href={ledgerCsvUrl(userId, filters)} download>
            <Download className="h-4 w-4" aria-hidden /> Download CSV
          </a>
        </Button>
      </div>
      <AdjustForm userId={userId} username={username} />
      <PaymentsPanel userId={userId} username={username} />
      <LedgerFilterForm
        applied={filters}
        onApply={(applied) => {
          setFilters(applied)
          setOffset(0)
        }}
      />
      <StatementLinks userId={userId} months={monthsOf(entries)} />
      {entries.length === 0 ? (
        <Empty
          text={
            filtered
              ? "No entry matches these filters"
              : "No credits have moved on this account yet"
          }
        />
      ) : (
        <Table
          caption={`Ledger entries of ${username}, oldest first`}
          head={["Time", "Type", "Amount", "Balance after", "Cause", "Payment", "Actor", "Detail"]}
        >
          {entries.map((entry) => (
            <tr key={entry.position}>
              <Td className="whitespace-nowrap text-muted tabular-nums">
                {formatTime(entry.recordedAt)}
              </Td>
              <Td>{entry.type}</Td>
              <Td
                className={cn(
                  "font-semibold tabular-nums",
                  entry.amount < 0 ? "text-pink" : "text-success",
                )}
              >
                {signed(entry.amount)}
              </Td>
              <Td className="tabular-nums">{entry.balanceAfter}</Td>
              <Td>
                {entry.cause}
                <span className="block text-xs break-all text-faint">{entry.causeId}</span>
              </Td>
              <Td className="text-xs break-all text-muted">{entry.payment ?? "—"}</Td>
              <Td className="text-xs break-all text-muted">{entry.actor}</Td>
              <Td className="text-muted">
                {entry.detail}
                <AdjustmentParties entry={entry} />
              </Td>
            </tr>
          ))}
        </Table>
      )}
      {total > pageSize ? (
        <Pager
          label="Ledger pages"
          offset={ledger.data.offset}
          pageSize={pageSize}
          shown={entries.length}
          total={total}
          onOffset={setOffset}
        />
      ) : null}
    </section>
  )
}
