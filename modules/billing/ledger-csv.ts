import type { LedgerEntry } from "#projections/credit-ledger/api.ts"
import { toCsv } from "./csv.ts"

const header = [
  "position",
  "recorded_at",
  "type",
  "amount",
  "balance_after",
  "cause",
  "cause_id",
  "payment",
  "actor",
  "detail",
  "ticket",
  "requested_by",
  "approved_by",
]

/** A user's ledger as finance opens it in a spreadsheet: one row per credit movement, oldest first. */
export const ledgerCsv = (entries: ReadonlyArray<LedgerEntry>) =>
  toCsv(
    header,
    entries.map((e) => [
      e.position,
      e.recordedAt.toISOString(),
      e.type,
      e.amount,
      e.balanceAfter,
      e.cause,
      e.causeId,
      e.payment ?? "",
      e.actor,
      e.detail,
      e.ticket ?? "",
      e.requestedBy ?? "",
      e.approvedBy ?? "",
    ]),
  )
