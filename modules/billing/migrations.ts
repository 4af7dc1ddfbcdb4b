import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Migrations } from "#events/store/index.ts"
import { reconciliationMigrations } from "./reconciliations.ts"

/** Billing's private tables: the accounts it knows and the bookkeeping of payment providers, never read models. */
export const billingMigrations: Migrations = {
  "1_billing": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`create schema if not exists billing`
    // Each account's folded state at `version` of its stream, updated in the transaction that appends:
    // a command reads one row instead of the whole history, and that row's lock serializes the account.
    yield* sql`
      create table billing.credit_accounts (
        user_id text primary key,
        version bigint not null default 0,
        state jsonb
      ) with (fillfactor = 70)`
    // Stripe events already handled, by id: a replayed delivery changes nothing.
    yield* sql`
      create table billing.stripe_events (
        event_id text primary key,
        type text not null,
        received_at timestamptz not null default now()
      )`
    yield* sql`
      create table billing.customers (
        user_id text primary key,
        customer_id text not null unique
      )`
  }),
  // Accounts' states are the event store's snapshots, taken by the command queue that decides on them.
  "2_account_snapshots_in_the_store": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`alter table billing.credit_accounts drop column version, drop column state`
  }),
  // Which payment a provider's charge is: refunds and disputes name a charge or payment intent, billing
  // names payments by checkout session or invoice. Written when the payment is recorded.
  "3_provider_payments": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table billing.provider_payments (
        payment_id text primary key,
        payment_intent_id text unique,
        charge_id text unique,
        user_id text not null,
        amount_cents integer not null,
        currency text not null,
        credits integer not null
      )`
  }),
  // Adjustments waiting for a second admin, written in the transaction that records the request and removed
  // in the one that approves or rejects it: the list of pending ones, never a read model.
  "4_pending_adjustments": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table billing.pending_adjustments (
        adjustment_id text primary key,
        user_id text not null,
        amount integer not null,
        reason text not null,
        ticket text,
        requested_by text not null,
        requested_at timestamptz not null default now()
      )`
  }),
  ...reconciliationMigrations,
  // The invoice the provider made for a payment (its number and page), written in the transaction that
  // records the payment, and the receipts billing issued: one per payment, mailed once, with what refunds
  // gave back of it since. The person's list of invoices and receipts reads them.
  "7_receipts": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table billing.invoice_links (
        payment_id text primary key,
        invoice_number text,
        invoice_url text
      )`
    yield* sql`
      create table billing.receipts (
        payment_id text primary key,
        user_id text not null,
        paid_at timestamptz not null,
        description text not null,
        credits integer not null,
        amount_cents integer not null,
        tax_cents integer not null,
        currency text not null,
        refunded_cents integer not null default 0
      )`
    yield* sql`create index receipts_by_user on billing.receipts (user_id, paid_at desc)`
  }),
}
