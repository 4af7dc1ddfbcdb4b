import type { Reconciliation } from "./api-reconciliation.ts"
import { toCsv } from "./csv.ts"

const header = [
  "section",
  "day",
  "object",
  "kind",
  "currency",
  "provider_id",
  "payment_id",
  "user_id",
  "provider_cents",
  "ledger_cents",
  "provider_currency",
  "ledger_currency",
  "credits",
  "offer_credits",
  "provider_count",
  "ledger_count",
]

const orEmpty = (value: string | number | null) => value ?? ""

/** A reconciliation as a spreadsheet: its differences, then its totals per day, currency and object. */
export const reconciliationCsv = (report: Reconciliation) =>
  toCsv(header, [
    ...report.differences.map((d) => [
      "difference",
      d.day,
      d.object,
      d.kind,
      orEmpty(d.providerCurrency ?? d.ledgerCurrency),
      orEmpty(d.providerId),
      orEmpty(d.paymentId),
      orEmpty(d.userId),
      orEmpty(d.providerCents),
      orEmpty(d.ledgerCents),
      orEmpty(d.providerCurrency),
      orEmpty(d.ledgerCurrency),
      orEmpty(d.credits),
      orEmpty(d.offerCredits),
      "",
      "",
    ]),
    ...report.totals.map((t) => [
      "total",
      t.day,
      t.object,
      "",
      t.currency,
      "",
      "",
      "",
      t.providerCents,
      t.ledgerCents,
      "",
      "",
      "",
      "",
      t.providerCount,
      t.ledgerCount,
    ]),
  ])
