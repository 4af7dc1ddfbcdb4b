import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { LedgerRow } from "./rows.ts"

/**
 * A ledger entry with its number in its person's ledger (1 for their first) and the sum of their amounts
 * up to and including it. Carried on from the person's last entry, they let the whole ledger be paged
 * through an index range and totalled from its last row: any page of a 10,000-entry ledger costs as much
 * as the first. The sum is the projection's own, so it still shows a recorded balance that drifted.
 */
export interface NumberedEntry extends LedgerRow {
  readonly entryNumber: number
  readonly summed: number
}

/** Numbers a batch's entries (in event order) after each person's last entry already stored. */
export const numberEntries = (rows: ReadonlyArray<LedgerRow>) =>
  Effect.gen(function* () {
    if (rows.length === 0) return []
    const sql = yield* SqlClient.SqlClient
    const users = [...new Set(rows.map((row) => row.userId))]
    const lasts = yield* sql.unsafe<{ user_id: string; entry_number: number; summed: string }>(
      `select people.user_id, last.entry_number, last.summed
         from unnest($1::text[]) as people(user_id)
         cross join lateral (
           select entry_number, summed from credit_ledger
            where user_id = people.user_id order by entry_number desc limit 1
         ) as last`,
      [users],
    )
    const reached = new Map(
      lasts.map((last) => [
        last.user_id,
        { entryNumber: last.entry_number, summed: Number(last.summed) },
      ]),
    )
    return rows.map((row): NumberedEntry => {
      const before = reached.get(row.userId) ?? { entryNumber: 0, summed: 0 }
      const after = { entryNumber: before.entryNumber + 1, summed: before.summed + row.amount }
      reached.set(row.userId, after)
      return { ...row, ...after }
    })
  })
