import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { BillingEvent, billingEventTypes } from "#events/contracts/billing.ts"
import { decodeAll } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"
import type { Projection } from "../runner.ts"
import { type NumberedEntry, numberEntries } from "./entry-numbers.ts"
import { type LedgerRows, ledgerRows, type UsageRow } from "./rows.ts"

/**
 * Credits as people and finance read them: each user's balance, their usage (generations and refunds),
 * their transactions (purchases, plan invoices, grants, adjustments; checkouts while pending), and the
 * ledger, every credit movement with its running balance, cause and actor.
 */

const decode = decodeAll(BillingEvent)

const setup = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table if not exists credit_balances (
      user_id text primary key,
      balance integer not null,
      held integer,
      updated_at timestamptz not null
    )`
  yield* sql`
    create table if not exists credit_ledger (
      global_position bigint primary key,
      user_id text not null,
      entry_number integer not null,
      summed bigint not null,
      recorded_at timestamptz not null,
      type text not null,
      amount integer not null,
      balance_after integer not null,
      cause text not null,
      cause_id text not null,
      actor text not null,
      detail text not null,
      ticket text,
      requested_by text,
      approved_by text
    )`
  // Unique: a person's entries are numbered 1, 2, ... in event order (see entry-numbers.ts).
  yield* sql`create unique index if not exists credit_ledger_by_user on credit_ledger (user_id, entry_number)`
  // A statement's opening balance and a date filter: without it, the last entry before a date was sought
  // backwards through every user's rows.
  yield* sql`create index if not exists credit_ledger_by_user_time on credit_ledger (user_id, recorded_at)`
  yield* sql`
    create table if not exists credit_usage (
      id text primary key,
      user_id text not null,
      type text not null,
      description text not null,
      credits_used integer not null,
      created_at timestamptz not null
    )`
  yield* sql`create index if not exists credit_usage_by_user on credit_usage (user_id, created_at desc)`
  yield* sql`
    create table if not exists credit_transactions (
      id text primary key,
      user_id text not null,
      type text not null,
      description text not null,
      amount integer not null,
      status text not null,
      amount_cents integer,
      currency text,
      created_at timestamptz not null
    )`
  yield* sql`
    create index if not exists credit_transactions_by_user on credit_transactions (user_id, created_at desc)`
})

const writeLedger = (rows: ReadonlyArray<NumberedEntry>) =>
  insertRows(
    "credit_ledger",
    [
      ["global_position", "bigint", (r) => r.position],
      ["user_id", "text", (r) => r.userId],
      ["entry_number", "int", (r) => r.entryNumber],
      ["summed", "bigint", (r) => r.summed],
      ["recorded_at", "timestamptz", (r) => r.recordedAt],
      ["type", "text", (r) => r.type],
      ["amount", "int", (r) => r.amount],
      ["balance_after", "int", (r) => r.balanceAfter],
      ["cause", "text", (r) => r.cause],
      ["cause_id", "text", (r) => r.causeId],
      ["actor", "text", (r) => r.actor],
      ["detail", "text", (r) => r.detail],
      ["ticket", "text", (r) => r.ticket],
      ["requested_by", "text", (r) => r.requestedBy],
      ["approved_by", "text", (r) => r.approvedBy],
    ],
    rows,
    "on conflict (global_position) do nothing",
  )

const writeUsage = (rows: ReadonlyArray<UsageRow>) =>
  insertRows(
    "credit_usage",
    [
      ["id", "text", (r) => r.id],
      ["user_id", "text", (r) => r.userId],
      ["type", "text", (r) => r.type],
      ["description", "text", (r) => r.description],
      ["credits_used", "int", (r) => r.creditsUsed],
      ["created_at", "timestamptz", (r) => r.createdAt],
    ],
    rows,
    "on conflict (id) do nothing",
  )

const writeBalances = (balances: LedgerRows["balances"]) =>
  insertRows(
    "credit_balances",
    [
      ["user_id", "text", ([userId]) => userId],
      ["balance", "int", ([, after]) => after.balance],
      ["held", "int", ([, after]) => after.held],
      ["updated_at", "timestamptz", ([, after]) => after.at],
    ],
    [...balances],
    `on conflict (user_id) do update set balance = excluded.balance,
       held = coalesce(excluded.held, credit_balances.held), updated_at = excluded.updated_at`,
  )

export const creditLedger: Projection = {
  name: "credit-ledger",
  revision: 6,
  tables: ["credit_balances", "credit_ledger", "credit_usage", "credit_transactions"],
  types: billingEventTypes,
  onPoison: "pause",
  setup,
  apply: (events) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const rows = ledgerRows(yield* decode(events))
      yield* writeLedger(yield* numberEntries(rows.ledger))
      yield* writeBalances(rows.balances)
      yield* writeUsage(rows.usage)
      // One row per id in order: a checkout opened and paid (or refunded) in the same batch ends so.
      for (const row of rows.transactions) {
        const settles = row.status === "completed" || row.status === "refunded"
        yield* sql`
          insert into credit_transactions
            (id, user_id, type, description, amount, status, amount_cents, currency, created_at)
          values (${row.id}, ${row.userId}, ${row.type}, ${row.description}, ${row.amount}, ${row.status},
            ${row.amountCents}, ${row.currency}, ${row.createdAt})
          on conflict (id) do update set
            status = excluded.status, description = excluded.description, amount = excluded.amount,
            amount_cents = excluded.amount_cents, currency = excluded.currency
          where ${settles}`
      }
      if (rows.cancelled.length > 0) {
        yield* sql`
          update credit_transactions set status = 'cancelled'
           where id in ${sql.in(rows.cancelled)} and status = 'pending'`
      }
      for (const { paymentId, refundedCents } of rows.refunds) {
        yield* sql`
          update credit_transactions set status = 'refunded'
           where id = ${paymentId} and status = 'completed' and amount_cents <= ${refundedCents}`
      }
    }),
}
