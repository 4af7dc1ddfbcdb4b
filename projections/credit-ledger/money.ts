import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import {
  CreditsPurchased,
  PaymentDisputed,
  PaymentRefunded,
  SubscriptionCreditsGranted,
  SubscriptionDeclined,
} from "#events/contracts/billing.ts"
import { type DecodedEvent, decodeAll } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"
import type { Projection } from "../runner.ts"
import type { LedgerMoney } from "./api.ts"

/**
 * The money in the ledger, one row per payment, refund and dispute opened, by date: what reconciliation
 * with the payment provider pages through (the ledger rows carry credits, not money).
 */

const MoneyEvent = Schema.Union(
  CreditsPurchased,
  SubscriptionCreditsGranted,
  SubscriptionDeclined,
  PaymentRefunded,
  PaymentDisputed,
)
type MoneyEvent = typeof MoneyEvent.Type
const moneyTypes: ReadonlyArray<string> = MoneyEvent.members.map((m) => m._tag)
const decode = decodeAll(MoneyEvent)

/** The row an event of money writes: pure, tested apart from the SQL. */
export const moneyRow = ({
  event,
  globalPosition,
  recordedAt,
}: DecodedEvent<MoneyEvent>): LedgerMoney => {
  const base = {
    position: globalPosition,
    userId: event.userId,
    recordedAt,
    amountCents: event.amountCents,
    currency: event.currency.toLowerCase(),
  }
  switch (event._tag) {
    case "CreditsPurchased":
      return {
        ...base,
        object: "charge",
        reference: event.checkoutSessionId,
        paymentId: event.checkoutSessionId,
        credits: event.amount,
        offer: event.pack,
      }
    case "SubscriptionCreditsGranted":
      return {
        ...base,
        object: "charge",
        reference: event.invoiceId,
        paymentId: event.invoiceId,
        credits: event.amount,
        // An upgrade grants a share of the plans' difference (proration.ts), not a plan's credits.
        offer: event.upgradedFrom === undefined ? event.plan : null,
      }
    case "SubscriptionDeclined":
      return {
        ...base,
        object: "charge",
        reference: event.invoiceId,
        paymentId: event.invoiceId,
        credits: 0,
        offer: null,
      }
    case "PaymentRefunded":
      return {
        ...base,
        object: "refund",
        reference: event.refundId,
        paymentId: event.paymentId,
        credits: 0,
        offer: null,
      }
    case "PaymentDisputed":
      return {
        ...base,
        object: "dispute",
        reference: event.disputeId,
        paymentId: event.paymentId,
        credits: 0,
        offer: null,
      }
  }
}

export const ledgerMoney: Projection = {
  name: "ledger-money",
  revision: 2,
  tables: ["ledger_money"],
  types: moneyTypes,
  onPoison: "pause",
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table if not exists ledger_money (
        global_position bigint primary key,
        object text not null,
        reference text not null,
        payment_id text not null,
        user_id text not null,
        -- Milliseconds, as JavaScript's dates hold them: a page's last time is the next page's exact cursor.
        recorded_at timestamptz(3) not null,
        amount_cents integer not null,
        currency text not null,
        credits integer not null,
        offer text
      )`
    yield* sql`create index if not exists ledger_money_by_reference on ledger_money (object, reference)`
    yield* sql`
      create index if not exists ledger_money_by_time on ledger_money (object, recorded_at, global_position)`
  }),
  apply: (events) =>
    Effect.flatMap(decode(events.filter((e) => moneyTypes.includes(e.type))), (decoded) =>
      insertRows(
        "ledger_money",
        [
          ["global_position", "bigint", (r) => r.position],
          ["object", "text", (r) => r.object],
          ["reference", "text", (r) => r.reference],
          ["payment_id", "text", (r) => r.paymentId],
          ["user_id", "text", (r) => r.userId],
          ["recorded_at", "timestamptz", (r) => r.recordedAt],
          ["amount_cents", "int", (r) => r.amountCents],
          ["currency", "text", (r) => r.currency],
          ["credits", "int", (r) => r.credits],
          ["offer", "text", (r) => r.offer],
        ],
        decoded.map(moneyRow),
        "on conflict (global_position) do nothing",
      ),
    ),
}
