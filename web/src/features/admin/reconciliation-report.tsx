import type { Reconciliation } from "#modules/billing/api.ts"
import { formatTime } from "./format.ts"
import { Empty } from "./list-states.tsx"
import { Table, Td } from "./table.tsx"

const money = (cents: number | null, currency: string | null) =>
  cents === null ? "-" : `${(cents / 100).toFixed(2)} ${(currency ?? "").toUpperCase()}`

const kindNames = {
  missing_in_ledger: "Missing in the ledger",
  missing_at_provider: "Missing at the provider",
  amount_differs: "Amount differs",
  currency_differs: "Currency differs",
  credits_differ_from_offer: "Credits differ from the offer",
} as const

/** A reconciliation's verdict, its differences, and its totals per day, currency and object. */
export const ReconciliationReport = ({ report }: { readonly report: Reconciliation }) => {
  const against = report.source === "stripe" ? "Stripe" : "the test mode's records"
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm">
        {report.from} to {report.to} against {against}:{" "}
        <strong>
          {report.differenceCount} difference{report.differenceCount === 1 ? "" : "s"}
        </strong>
        , {report.matched} matched{" "}
        <span className="text-xs text-faint">(run {formatTime(report.ranAt)})</span>
      </p>
      {report.differences.length > 0 && (
        <Table
          caption="Differences"
          head={[
            "Kind",
            "Day",
            "Object",
            "Provider",
            "Payment",
            "At the provider",
            "In the ledger",
          ]}
        >
          {report.differences.map((d) => (
            <tr key={`${d.kind}-${d.object}-${d.providerId ?? ""}-${d.paymentId ?? ""}`}>
              <Td>{kindNames[d.kind]}</Td>
              <Td>{d.day}</Td>
              <Td>{d.object}</Td>
              <Td className="font-mono text-xs">{d.providerId ?? "-"}</Td>
              <Td className="font-mono text-xs">{d.paymentId ?? "-"}</Td>
              <Td>{money(d.providerCents, d.providerCurrency)}</Td>
              <Td>
                {d.kind === "credits_differ_from_offer"
                  ? `${d.credits} credits (offer: ${d.offerCredits})`
                  : money(d.ledgerCents, d.ledgerCurrency)}
              </Td>
            </tr>
          ))}
        </Table>
      )}
      {report.totals.length === 0 ? (
        <Empty text="No charges, refunds or disputes in this period." />
      ) : (
        <Table
          caption="Totals per day and currency"
          head={["Day", "Currency", "Object", "Provider", "Ledger"]}
        >
          {report.totals.map((t) => (
            <tr key={`${t.day}-${t.currency}-${t.object}`}>
              <Td>{t.day}</Td>
              <Td>{t.currency.toUpperCase()}</Td>
              <Td>{t.object}s</Td>
              <Td>
                {t.providerCount}: {money(t.providerCents, t.currency)}
              </Td>
              <Td>
                {t.ledgerCount}: {money(t.ledgerCents, t.currency)}
              </Td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  )
}
