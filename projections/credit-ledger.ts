import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import {
  BillingEvent,
  billingEventTypes,
  type CheckoutStarted,
  creditChange,
  type PackId,
  type PlanId,
} from "#events/contracts/billing.ts"
import { awaitPosition, decodeAll, type Position } from "#events/store/index.ts"
import { type Projection, projectionSubscriptionName } from "./runner.ts"

/**
 * Credits as people and finance read them: each user's balance, their usage (generations and refunds),
 * their transactions (purchases, plan invoices, grants, adjustments; checkouts while pending), and the
 * ledger, every credit movement with its running balance, cause and actor.
 */

const decode = decodeAll(BillingEvent)

const names: Record<PackId | PlanId, string> = {
  basic: "Basic",
  pro: "Pro",
  premium: "Premium",
  BASIC: "Basic",
  PRO: "Pro",
  PREMIUM: "Premium",
}

const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`

const actorText = (actor: Actor) => {
  switch (actor._tag) {
    case "User":
      return `user:${actor.userId}`
    case "Admin":
      return `admin:${actor.userId}`
    case "System":
      return `system:${actor.process}`
    case "Anonymous":
      return "anonymous"
  }
}

const describeCheckout = (started: CheckoutStarted) =>
  started.kind === "pack"
    ? `${names[started.item]} pack: ${started.credits} credits`
    : `${names[started.item]} plan: ${started.credits} credits a month`

interface LedgerRow {
  position: number
  userId: string
  recordedAt: Date
  type: string
  amount: number
  balanceAfter: number
  cause: string
  causeId: string
  actor: string
  detail: string
}
interface UsageRow {
  id: string
  userId: string
  type: "song_generation" | "refund"
  description: string
  creditsUsed: number
  createdAt: Date
}
interface TransactionRow {
  id: string
  userId: string
  type: "pack" | "subscription" | "signup" | "adjustment"
  description: string
  amount: number
  status: "pending" | "completed" | "cancelled"
  amountCents: number | null
  currency: string | null
  createdAt: Date
}

export const creditLedger: Projection = {
  name: "credit-ledger",
  version: 1,
  tables: ["credit_balances", "credit_ledger", "credit_usage", "credit_transactions"],
  types: billingEventTypes,
  onPoison: "pause",
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table if not exists credit_balances (
        user_id text primary key,
        balance integer not null,
        updated_at timestamptz not null
      )`
    yield* sql`
      create table if not exists credit_ledger (
        global_position bigint primary key,
        user_id text not null,
        recorded_at timestamptz not null,
        type text not null,
        amount integer not null,
        balance_after integer not null,
        cause text not null,
        cause_id text not null,
        actor text not null,
        detail text not null
      )`
    yield* sql`create index if not exists credit_ledger_by_user on credit_ledger (user_id, global_position)`
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
  }),
  apply: (events) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const ledger: Array<LedgerRow> = []
      const usage: Array<UsageRow> = []
      const transactions: Array<TransactionRow> = []
      const cancelled: Array<string> = []
      const balances = new Map<string, { balance: number; at: Date }>()

      for (const { event, metadata, globalPosition, recordedAt } of yield* decode(events)) {
        const base = { userId: event.userId, createdAt: recordedAt }
        if (event._tag === "CheckoutStarted") {
          transactions.push({
            ...base,
            id: event.checkoutSessionId,
            type: event.kind,
            description: describeCheckout(event),
            amount: event.credits,
            status: "pending",
            amountCents: event.amountCents,
            currency: event.currency,
          })
          continue
        }
        if (event._tag === "CheckoutCancelled") {
          cancelled.push(event.checkoutSessionId)
          continue
        }
        // The credits of a paid checkout come with the account's own event.
        if (event._tag === "CheckoutPaid") continue
        const change = creditChange(event)
        if (change === undefined || !("balanceAfter" in event)) continue
        balances.set(event.userId, { balance: event.balanceAfter, at: recordedAt })
        const entry = {
          position: globalPosition,
          userId: event.userId,
          recordedAt,
          type: event._tag,
          amount: change,
          balanceAfter: event.balanceAfter,
          actor: actorText(metadata.actor),
        }
        switch (event._tag) {
          case "SignupCreditsGranted":
            ledger.push({
              ...entry,
              cause: "signup",
              causeId: event.userId,
              detail: "Sign-up credits",
            })
            transactions.push({
              ...base,
              id: `signup-${event.userId}`,
              type: "signup",
              description: "Welcome credits",
              amount: event.amount,
              status: "completed",
              amountCents: null,
              currency: null,
            })
            break
          case "CreditsPurchased": {
            const description = `${names[event.pack]} pack: ${event.amount} credits`
            ledger.push({
              ...entry,
              cause: "checkout",
              causeId: event.checkoutSessionId,
              detail: `${description}, paid ${money(event.amountCents, event.currency)}`,
            })
            transactions.push({
              ...base,
              id: event.checkoutSessionId,
              type: "pack",
              description,
              amount: event.amount,
              status: "completed",
              amountCents: event.amountCents,
              currency: event.currency,
            })
            break
          }
          case "SubscriptionCreditsGranted": {
            const first = event.checkoutSessionId !== null
            const description = `${names[event.plan]} plan${first ? "" : " renewal"}: ${event.amount} credits`
            ledger.push({
              ...entry,
              cause: "invoice",
              causeId: event.invoiceId,
              detail: `${description}, paid ${money(event.amountCents, event.currency)}, subscription ${event.subscriptionId} until ${event.periodEnd.toISOString().slice(0, 10)}`,
            })
            transactions.push({
              ...base,
              id: event.checkoutSessionId ?? event.invoiceId,
              type: "subscription",
              description,
              amount: event.amount,
              status: "completed",
              amountCents: event.amountCents,
              currency: event.currency,
            })
            break
          }
          case "CreditsDebited":
            ledger.push({
              ...entry,
              cause: "generation",
              causeId: event.generationId,
              detail: "Song generation",
            })
            usage.push({
              ...base,
              id: `debit-${event.generationId}`,
              type: "song_generation",
              description: "Song generation",
              creditsUsed: event.amount,
            })
            break
          case "CreditsRefunded":
            ledger.push({
              ...entry,
              cause: "generation",
              causeId: event.generationId,
              detail: "Refund for a failed generation",
            })
            usage.push({
              ...base,
              id: `refund-${event.generationId}`,
              type: "refund",
              description: "Refund for a failed generation",
              creditsUsed: -event.amount,
            })
            break
          case "CreditsAdjusted":
            ledger.push({
              ...entry,
              cause: "adjustment",
              causeId: event.adjustmentId,
              detail: event.reason,
            })
            transactions.push({
              ...base,
              id: event.adjustmentId,
              type: "adjustment",
              description: event.reason,
              amount: event.amount,
              status: "completed",
              amountCents: null,
              currency: null,
            })
            break
        }
      }

      if (ledger.length > 0) {
        yield* sql.unsafe(
          `insert into credit_ledger (global_position, user_id, recorded_at, type, amount, balance_after,
             cause, cause_id, actor, detail)
           select * from unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::text[], $5::int[],
             $6::int[], $7::text[], $8::text[], $9::text[], $10::text[])
           on conflict (global_position) do nothing`,
          [
            ledger.map((r) => r.position),
            ledger.map((r) => r.userId),
            ledger.map((r) => r.recordedAt),
            ledger.map((r) => r.type),
            ledger.map((r) => r.amount),
            ledger.map((r) => r.balanceAfter),
            ledger.map((r) => r.cause),
            ledger.map((r) => r.causeId),
            ledger.map((r) => r.actor),
            ledger.map((r) => r.detail),
          ],
        )
      }
      if (balances.size > 0) {
        const users = [...balances.keys()]
        yield* sql.unsafe(
          `insert into credit_balances (user_id, balance, updated_at)
           select * from unnest($1::text[], $2::int[], $3::timestamptz[])
           on conflict (user_id) do update set balance = excluded.balance, updated_at = excluded.updated_at`,
          [
            users,
            users.map((u) => balances.get(u)!.balance),
            users.map((u) => balances.get(u)!.at),
          ],
        )
      }
      if (usage.length > 0) {
        yield* sql.unsafe(
          `insert into credit_usage (id, user_id, type, description, credits_used, created_at)
           select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[])
           on conflict (id) do nothing`,
          [
            usage.map((r) => r.id),
            usage.map((r) => r.userId),
            usage.map((r) => r.type),
            usage.map((r) => r.description),
            usage.map((r) => r.creditsUsed),
            usage.map((r) => r.createdAt),
          ],
        )
      }
      // One row per id in order: a checkout opened and paid in the same batch ends completed.
      for (const row of transactions) {
        const completes = row.status === "completed"
        yield* sql`
          insert into credit_transactions
            (id, user_id, type, description, amount, status, amount_cents, currency, created_at)
          values (${row.id}, ${row.userId}, ${row.type}, ${row.description}, ${row.amount}, ${row.status},
            ${row.amountCents}, ${row.currency}, ${row.createdAt})
          on conflict (id) do update set
            status = excluded.status, description = excluded.description, amount = excluded.amount,
            amount_cents = excluded.amount_cents, currency = excluded.currency
          where ${completes}`
      }
      if (cancelled.length > 0) {
        yield* sql`
          update credit_transactions set status = 'cancelled'
           where id in ${sql.in(cancelled)} and status = 'pending'`
      }
    }),
}

// Reads

export const readBalance = (userId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{ balance: number }>`select balance from credit_balances where user_id = ${userId}`,
  ).pipe(
    Effect.map((rows) => rows[0]?.balance ?? 0),
    Effect.orDie,
  )

export const readBalances = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) => sql<{ user_id: string; balance: number }>`select user_id, balance from credit_balances`,
).pipe(
  Effect.map((rows) => new Map(rows.map((r) => [r.user_id, r.balance]))),
  Effect.orDie,
)

export const readUsage = (userId: string, limit = 200) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{
        id: string
        type: "song_generation" | "refund"
        description: string
        credits_used: number
        created_at: Date
      }>`
      select id, type, description, credits_used, created_at from credit_usage
       where user_id = ${userId} order by created_at desc, id limit ${limit}`,
  ).pipe(
    Effect.map((rows) =>
      rows.map((r) => ({
        id: r.id,
        type: r.type,
        description: r.description,
        creditsUsed: r.credits_used,
        createdAt: r.created_at,
      })),
    ),
    Effect.orDie,
  )

export const readTransactions = (userId: string, limit = 200) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{
        id: string
        type: TransactionRow["type"]
        description: string
        amount: number
        status: TransactionRow["status"]
        amount_cents: number | null
        currency: string | null
        created_at: Date
      }>`
      select id, type, description, amount, status, amount_cents, currency, created_at
        from credit_transactions
       where user_id = ${userId} order by created_at desc, id limit ${limit}`,
  ).pipe(
    Effect.map((rows) =>
      rows.map((r) => ({
        id: r.id,
        type: r.type,
        description: r.description,
        amount: r.amount,
        status: r.status,
        price:
          r.amount_cents === null || r.currency === null
            ? null
            : { amountCents: r.amount_cents, currency: r.currency.toUpperCase() },
        createdAt: r.created_at,
      })),
    ),
    Effect.orDie,
  )

export const readLedger = (userId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{
        global_position: number
        recorded_at: Date
        type: string
        amount: number
        balance_after: number
        cause: string
        cause_id: string
        actor: string
        detail: string
      }>`
      select global_position, recorded_at, type, amount, balance_after, cause, cause_id, actor, detail
        from credit_ledger where user_id = ${userId} order by global_position`,
  ).pipe(
    Effect.map((rows) =>
      rows.map((r) => ({
        position: Number(r.global_position),
        recordedAt: r.recorded_at,
        type: r.type,
        amount: r.amount,
        balanceAfter: r.balance_after,
        cause: r.cause,
        causeId: r.cause_id,
        actor: r.actor,
        detail: r.detail,
      })),
    ),
    Effect.orDie,
  )

/** Waits (at most `timeout`) until the ledger has read everything up to `position`. */
export const awaitCreditLedger = (
  position: Position,
  timeout: "5 seconds" | "30 seconds" = "5 seconds",
) => awaitPosition(projectionSubscriptionName(creditLedger), position, timeout).pipe(Effect.orDie)
