import { Context, type Effect } from "effect"
import type { Position } from "#events/store/index.ts"
import type {
  LedgerEntry,
  LedgerFilter,
  LedgerPage,
  LedgerPaging,
} from "#projections/credit-ledger/api.ts"

/**
 * What billing reads of the credit-ledger projection (which answers users' own reads itself); the app
 * hands the projection's reads in. Reads may lag the accounts by a moment; `caughtUp` waits until a
 * command's events are in, so an answer shows what its user just did.
 */
export class CreditLedger extends Context.Tag("@melody/billing/CreditLedger")<
  CreditLedger,
  {
    readonly balance: (userId: string) => Effect.Effect<number>
    readonly entries: (
      userId: string,
      filter?: LedgerFilter,
    ) => Effect.Effect<ReadonlyArray<LedgerEntry>>
    readonly page: (
      userId: string,
      filter: LedgerFilter,
      paging: LedgerPaging,
    ) => Effect.Effect<LedgerPage>
    /** The balance after the user's last movement before `at`: 0 when there was none. */
    readonly balanceBefore: (userId: string, at: Date) => Effect.Effect<number>
    /** Every balance the projection holds, for audits. */
    readonly balances: Effect.Effect<ReadonlyMap<string, number>>
    readonly caughtUp: (position: Position) => Effect.Effect<void>
  }
>() {}
