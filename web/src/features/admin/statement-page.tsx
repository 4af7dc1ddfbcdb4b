import { useQuery } from "@tanstack/react-query"
import { Printer } from "lucide-react"
import { Link, useParams } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { statementQuery } from "./admin-queries.ts"
import { formatTime, signed } from "./format.ts"
import { Failed, Loading } from "./list-states.tsx"

const Figure = ({ label, value }: { readonly label: string; readonly value: number }) => (
  <div>
    <dt className="text-xs text-faint print:text-black">{label}</dt>
    <dd className="font-display text-2xl font-bold tabular-nums">{value}</dd>
  </div>
)

const cell = "px-2 py-1 text-left align-top"

/** A person's monthly statement as finance prints it: opening balance, every entry, closing balance. */
export const StatementPage = () => {
  const { userId = "", month = "" } = useParams()
  const statement = useQuery(statementQuery(userId, month))
  if (statement.isPending) return <Loading label="Loading the statement" />
  if (statement.isError) return <Failed error={statement.error} />
  const { openingBalance, closingBalance, totalIn, totalOut, entries } = statement.data
  return (
    <article
      aria-label={`Statement ${month}`}
      className="grid gap-6 print:bg-white print:text-black"
    >
      <div className="flex flex-wrap items-center justify-between gap-4 print:hidden">
        <Link to="/admin" className="text-sm text-muted hover:text-text">
          Back to the dashboard
        </Link>
        <Button size="sm" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden /> Print
        </Button>
      </div>
      <header>
        <h1 className="font-display text-2xl font-bold">Credit statement, {month}</h1>
        <p className="text-sm break-all text-muted print:text-black">Account {userId} · UTC</p>
      </header>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label="Opening balance" value={openingBalance} />
        <Figure label="Credits in" value={totalIn} />
        <Figure label="Credits out" value={totalOut} />
        <Figure label="Closing balance" value={closingBalance} />
      </dl>
      <table className="w-full text-sm">
        <caption className="sr-only">Entries of {month}, oldest first</caption>
        <thead className="text-xs text-faint print:text-black">
          <tr>
            {["Time", "Amount", "Balance after", "Cause", "Payment", "Actor", "Detail"].map((h) => (
              <th key={h} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line print:divide-black/20">
          <tr>
            <td className={cell} colSpan={2}>
              Opening balance
            </td>
            <td className={`${cell} tabular-nums`}>{openingBalance}</td>
            <td className={cell} colSpan={4} />
          </tr>
          {entries.map((entry) => (
            <tr key={entry.position}>
              <td className={`${cell} whitespace-nowrap`}>{formatTime(entry.recordedAt)}</td>
              <td className={`${cell} tabular-nums`}>{signed(entry.amount)}</td>
              <td className={`${cell} tabular-nums`}>{entry.balanceAfter}</td>
              <td className={cell}>{entry.cause}</td>
              <td className={`${cell} break-all`}>{entry.payment ?? "—"}</td>
              <td className={`${cell} break-all`}>{entry.actor}</td>
              <td className={cell}>{entry.detail}</td>
            </tr>
          ))}
          <tr className="font-semibold">
            <td className={cell} colSpan={2}>
              Closing balance
            </td>
            <td className={`${cell} tabular-nums`}>{closingBalance}</td>
            <td className={cell} colSpan={4} />
          </tr>
        </tbody>
      </table>
    </article>
  )
}
