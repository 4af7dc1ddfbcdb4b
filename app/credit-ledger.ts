import type { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import type { EventWakeups } from "#events/store/index.ts"
import { LedgerEntry, TransactionRecord, UsageRecord } from "#modules/billing/api.ts"
import { CreditLedger } from "#modules/billing/index.ts"
import {
  awaitCreditLedger,
  readBalance,
  readBalances,
  readLedger,
  readTransactions,
  readUsage,
} from "#projections/credit-ledger.ts"

/** Billing's read side, served by the credit-ledger projection. */
export const CreditLedgerLive = Layer.effect(
  CreditLedger,
  Effect.gen(function* () {
    const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups>()
    const withSql = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient | EventWakeups>) =>
      Effect.provide(effect, context)
    return CreditLedger.of({
      balance: (userId) => withSql(readBalance(userId)),
      usage: (userId) =>
        withSql(Effect.map(readUsage(userId), (rows) => rows.map((row) => new UsageRecord(row)))),
      transactions: (userId) =>
        withSql(
          Effect.map(readTransactions(userId), (rows) =>
            rows.map((row) => new TransactionRecord(row)),
          ),
        ),
      entries: (userId) =>
        withSql(Effect.map(readLedger(userId), (rows) => rows.map((row) => new LedgerEntry(row)))),
      balances: withSql(readBalances),
      caughtUp: (position) => withSql(Effect.asVoid(awaitCreditLedger(position))),
    })
  }),
)
