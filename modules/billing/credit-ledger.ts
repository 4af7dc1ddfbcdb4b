import { Context, type Effect } from "effect"
import type { Position } from "#events/store/index.ts"
import type { LedgerEntry, TransactionRecord, UsageRecord } from "./api.ts"

/**
 * Billing's read side, declared here and built from events by the credit-ledger projection (the app wires
 * one to the other). Reads may lag the accounts by a moment; `caughtUp` waits until a command's events
 * are in, so a screen shows what its user just did.
 */
export class CreditLedger extends Context.Tag("@melody/billing/CreditLedger")<
  CreditLedger,
  {
    readonly balance: (userId: string) => Effect.Effect<number>
    readonly usage: (userId: string) => Effect.Effect<ReadonlyArray<UsageRecord>>
    readonly transactions: (userId: string) => Effect.Effect<ReadonlyArray<TransactionRecord>>
    readonly entries: (userId: string) => Effect.Effect<ReadonlyArray<LedgerEntry>>
    /** Every balance the projection holds, for audits. */
    readonly balances: Effect.Effect<ReadonlyMap<string, number>>
    readonly caughtUp: (position: Position) => Effect.Effect<void>
  }
>() {}
