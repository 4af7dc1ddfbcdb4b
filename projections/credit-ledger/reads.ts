import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { awaitPosition, type EventWakeups, type Position } from "#events/store/index.ts"
import { projectionSubscriptionName } from "../runner.ts"
import {
  CreditsView,
  type LedgerEntry,
  type LedgerFilter,
  type LedgerPage,
  type LedgerPaging,
  paymentOf,
  TransactionRecord,
  UsageRecord,
} from "./api.ts"
import { creditLedger } from "./projection.ts"
import type { LedgerRow, TransactionRow, UsageRow } from "./rows.ts"

/** What the credit ledger answers. Reads may lag the accounts by a moment; `caughtUp` waits for them. */
export interface CreditLedgerReadsShape {
  readonly balance: (userId: string) => Effect.Effect<number>
  /** The balance and what disputes hold of it. */
  readonly credits: (userId: string) => Effect.Effect<CreditsView>
  readonly usage: (userId: string) => Effect.Effect<ReadonlyArray<UsageRecord>>
  readonly transactions: (userId: string) => Effect.Effect<ReadonlyArray<TransactionRecord>>
  /** The user's credit movements the filter lets through, oldest first, with their running balance. */
  readonly entries: (
    userId: string,
    filter?: LedgerFilter,
  ) => Effect.Effect<ReadonlyArray<LedgerEntry>>
  /** A page of what `entries` answers, with the count, sum and last running balance of all of it. */
  readonly page: (
    userId: string,
    filter: LedgerFilter,
    paging: LedgerPaging,
  ) => Effect.Effect<LedgerPage>
  /** The balance after the user's last movement before `at`: 0 when there was none. */
  readonly balanceBefore: (userId: string, at: Date) => Effect.Effect<number>
  /** Every balance the ledger holds, for audits. */
  readonly balances: Effect.Effect<ReadonlyMap<string, number>>
  /** Waits (at most 5 seconds) until the ledger has read everything up to `position`. */
  readonly caughtUp: (position: Position) => Effect.Effect<void>
}

const limit = 200

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups>()

  const balance = (userId: string) =>
    Effect.map(
      sql<{ balance: number }>`select balance from credit_balances where user_id = ${userId}`,
      (rows) => rows[0]?.balance ?? 0,
    ).pipe(Effect.orDie)

  const credits = (userId: string) =>
    Effect.map(
      sql<{ balance: number; held: number | null }>`
        select balance, held from credit_balances where user_id = ${userId}`,
      ([row]) => new CreditsView({ credits: row?.balance ?? 0, held: row?.held ?? 0 }),
    ).pipe(Effect.orDie)

  const balances = Effect.map(
    sql<{ user_id: string; balance: number }>`select user_id, balance from credit_balances`,
    (rows): ReadonlyMap<string, number> => new Map(rows.map((r) => [r.user_id, r.balance])),
  ).pipe(Effect.orDie)

  const usage = (userId: string) =>
    Effect.map(
      sql<Omit<UsageRow, "userId">>`
        select id, type, description, credits_used as "creditsUsed", created_at as "createdAt"
          from credit_usage
         where user_id = ${userId} order by created_at desc, id limit ${limit}`,
      (rows) => rows.map((row) => new UsageRecord(row)),
    ).pipe(Effect.orDie)

  const transactions = (userId: string) =>
    Effect.map(
      sql<Omit<TransactionRow, "userId">>`
        select id, type, description, amount, status, amount_cents as "amountCents", currency,
               created_at as "createdAt"
          from credit_transactions
         where user_id = ${userId} order by created_at desc, id limit ${limit}`,
      (rows) => rows.map(toTransaction),
    ).pipe(Effect.orDie)

  const matching = (userId: string, filter: LedgerFilter) =>
    sql.and([
      sql`user_id = ${userId}`,
      ...(filter.causes ? [sql`cause in ${sql.in(filter.causes)}`] : []),
      ...(filter.from ? [sql`recorded_at >= ${filter.from}`] : []),
      ...(filter.until ? [sql`recorded_at < ${filter.until}`] : []),
    ])

  const unfiltered = (filter: LedgerFilter) =>
    filter.causes === undefined && filter.from === undefined && filter.until === undefined

  /**
   * Read through (user_id, entry_number), or (user_id, recorded_at) when dates narrow it. A page of the
   * whole ledger is the range of entry numbers after its offset; a filtered page skips its offset.
   */
  const read = (userId: string, filter: LedgerFilter, paging?: LedgerPaging) =>
    Effect.map(
      sql<Omit<LedgerRow, "userId" | "position"> & { readonly position: string }>`
        select global_position as position, recorded_at as "recordedAt", type, amount,
               balance_after as "balanceAfter", cause, cause_id as "causeId", actor, detail,
               ticket, requested_by as "requestedBy", approved_by as "approvedBy"
          from credit_ledger
         where ${matching(userId, filter)}
               ${paging && unfiltered(filter) ? sql`and entry_number > ${paging.offset}` : sql``}
         order by entry_number
         ${
           paging === undefined
             ? sql``
             : unfiltered(filter)
               ? sql`limit ${paging.limit}`
               : sql`offset ${paging.offset} limit ${paging.limit}`
         }`,
      (rows) =>
        rows.map(
          (row): LedgerEntry => ({
            ...row,
            position: Number(row.position),
            payment: paymentOf(row.cause, row.causeId),
          }),
        ),
    ).pipe(Effect.orDie)

  const entries = (userId: string, filter: LedgerFilter = {}) => read(userId, filter)

  /** The whole ledger's totals are its last entry's; a filtered ledger's are added up. */
  const totals = (userId: string, filter: LedgerFilter) =>
    unfiltered(filter)
      ? sql<{ total: string; summed: string | null; running: number | null }>`
          select entry_number as total, summed, balance_after as running
            from credit_ledger where user_id = ${userId} order by entry_number desc limit 1`
      : sql<{ total: string; summed: string | null; running: number | null }>`
          select count(*) as total, sum(amount) as summed,
                 (select balance_after from credit_ledger where ${matching(userId, filter)}
                   order by entry_number desc limit 1) as running
            from credit_ledger where ${matching(userId, filter)}`

  const page = (userId: string, filter: LedgerFilter, paging: LedgerPaging) =>
    Effect.all(
      {
        entries: read(userId, filter, paging),
        totals: Effect.map(totals(userId, filter), ([row]) => ({
          total: Number(row?.total ?? 0),
          summed: Number(row?.summed ?? 0),
          running: row?.running ?? 0,
        })).pipe(Effect.orDie),
      },
      { concurrency: 2 },
    ).pipe(Effect.map(({ entries, totals }): LedgerPage => ({ entries, ...totals })))

  const balanceBefore = (userId: string, at: Date) =>
    Effect.map(
      sql<{ balance_after: number }>`
        select balance_after from credit_ledger
         where user_id = ${userId} and recorded_at < ${at}
         order by recorded_at desc, global_position desc limit 1`,
      (rows) => rows[0]?.balance_after ?? 0,
    ).pipe(Effect.orDie)

  const caughtUp = (position: Position) =>
    awaitPosition(projectionSubscriptionName(creditLedger), position, "5 seconds").pipe(
      Effect.orDie,
      Effect.asVoid,
      Effect.provide(context),
    )

  return {
    balance,
    credits,
    balances,
    usage,
    transactions,
    entries,
    page,
    balanceBefore,
    caughtUp,
  }
})

/** A transaction with its price when it was paid, in the currency's usual capitals. */
const toTransaction = ({ amountCents, currency, ...row }: Omit<TransactionRow, "userId">) =>
  new TransactionRecord({
    ...row,
    price:
      amountCents === null || currency === null
        ? null
        : { amountCents, currency: currency.toUpperCase() },
  })

/** The credit ledger's read side, over the projection's tables. */
export class CreditLedgerReads extends Context.Tag("@melody/projections/CreditLedgerReads")<
  CreditLedgerReads,
  CreditLedgerReadsShape
>() {
  static readonly live = Layer.effect(CreditLedgerReads, make)
}
