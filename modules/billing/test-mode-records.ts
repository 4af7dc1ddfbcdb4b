import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Migrations } from "#events/store/index.ts"
import type { LedgerMoney, MoneyObject } from "#projections/credit-ledger/api.ts"
import { type ProviderBooks, pagesOf } from "./reconcile.ts"
import type { ProviderMoney } from "./reconciliation-tally.ts"

/**
 * The offline test mode's own books, as a processor keeps them: each charge its checkout page or renewal
 * took, each refund and dispute an admin made, written when the test mode makes them. The ledger records
 * the same money through billing's decisions; reconciliation offline compares the two.
 */
export const testModeRecordMigrations: Migrations = {
  "5_test_mode_records": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table billing.test_mode_records (
        object text not null,
        id text not null,
        payment_id text not null,
        amount_cents integer not null,
        currency text not null,
        -- Milliseconds, as JavaScript's dates hold them: a page's last time is the next page's exact cursor.
        created_at timestamptz(3) not null default now(),
        primary key (object, id)
      )`
    yield* sql`create index test_mode_records_by_time on billing.test_mode_records (object, created_at, id)`
    yield* sql`create index test_mode_records_by_payment on billing.test_mode_records (object, payment_id)`
  }),
}

export interface TestModeRecord {
  readonly object: MoneyObject
  readonly id: string
  readonly paymentId: string
  readonly amountCents: number
  readonly currency: string
}

interface Row {
  readonly object: MoneyObject
  readonly id: string
  readonly paymentId: string
  readonly amountCents: number
  readonly currency: string
  readonly createdAt: Date
}

/** A charge is named in the ledger by its payment; refunds and disputes by their own ids. */
const toMoney = (row: Row): ProviderMoney => ({
  object: row.object,
  id: row.id,
  reference: row.object === "charge" ? row.paymentId : row.id,
  amountCents: row.amountCents,
  currency: row.currency.toLowerCase(),
  created: row.createdAt,
})

const pageSize = 1000

/** The test mode's books over billing's table; any service that makes test-mode money records it here. */
export const makeTestModeRecords = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const select = sql`select object, id, payment_id as "paymentId", amount_cents as "amountCents",
    currency, created_at as "createdAt" from billing.test_mode_records`

  /** Kept once: the same action repeated keeps its first record. */
  const record = (made: TestModeRecord) =>
    sql`
      insert into billing.test_mode_records (object, id, payment_id, amount_cents, currency)
      values (${made.object}, ${made.id}, ${made.paymentId}, ${made.amountCents}, ${made.currency})
      on conflict do nothing`.pipe(Effect.orDie, Effect.asVoid)

  const books: ProviderBooks = {
    source: "test-mode",
    pages: (object, period) =>
      pagesOf<ProviderMoney>((after) =>
        Effect.map(
          sql<Row>`${select}
            where ${sql.and([
              sql`object = ${object}`,
              sql`created_at >= ${period.from}`,
              sql`created_at < ${period.until}`,
              ...(after ? [sql`(created_at, id) > (${after.created}, ${after.id})`] : []),
            ])}
            order by created_at, id limit ${pageSize}`,
          (rows) => ({ data: rows.map(toMoney), hasMore: rows.length === pageSize }),
        ).pipe(Effect.orDie),
      ),
    find: (object: MoneyObject, entries: ReadonlyArray<LedgerMoney>) =>
      Effect.map(
        sql<Row>`${select}
          where object = ${object}
            and ${object === "charge" ? sql`payment_id` : sql`id`} in ${sql.in(entries.map((e) => e.reference))}`,
        (rows) => rows.map(toMoney),
      ).pipe(Effect.orDie),
  }

  return { record, books }
})
