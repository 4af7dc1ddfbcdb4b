import { SqlClient } from "@effect/sql"
import { Effect, Stream } from "effect"
import type Stripe from "stripe"
import type { LedgerMoney, MoneyObject } from "#projections/credit-ledger/api.ts"
import { type ProviderBooks, pagesOf } from "./reconcile.ts"
import type { ProviderMoney } from "./reconciliation-tally.ts"
import { fromStripeTime, idOf } from "./stripe-client.ts"

type Listed = Stripe.Charge | Stripe.Refund | Stripe.Dispute

const pageSize = 100

/** Stripe's answer to an object it does not have. */
const missing = (error: unknown) =>
  (error as { readonly statusCode?: number } | null)?.statusCode === 404

/** Only money that moved: a failed charge or a failed or cancelled refund took or gave nothing. */
const moved = (listed: Listed) =>
  listed.object === "charge"
    ? listed.status === "succeeded"
    : listed.object === "refund"
      ? listed.status !== "failed" && listed.status !== "canceled"
      : true

/**
 * Stripe's side of reconciliation: its charges, refunds and disputes listed through its API 100 at a time.
 * A charge is named in the ledger by its payment, found through billing's record of which charge (or
 * payment intent) each payment was; refunds and disputes carry their own ids into the ledger.
 */
export const makeStripeBooks = (stripe: Stripe) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const call = <A>(what: string, run: () => Promise<A>) =>
      Effect.tryPromise({ try: run, catch: (error) => error }).pipe(
        Effect.withSpan(`Stripe.${what}`),
        Effect.orDie,
      )

    /** The payments billing recorded for these charges, by charge id. */
    const paymentsOf = (charges: ReadonlyArray<Stripe.Charge>) =>
      charges.length === 0
        ? Effect.succeed(new Map<string, string>())
        : Effect.map(
            sql<{ paymentId: string; chargeId: string | null; paymentIntentId: string | null }>`
              select payment_id as "paymentId", charge_id as "chargeId",
                     payment_intent_id as "paymentIntentId"
                from billing.provider_payments
               where charge_id in ${sql.in(charges.map((c) => c.id))}
                  or payment_intent_id in ${sql.in(charges.map((c) => idOf(c.payment_intent) ?? ""))}`,
            (rows) => {
              const byCharge = new Map<string, string>()
              for (const charge of charges) {
                const intent = idOf(charge.payment_intent)
                const row = rows.find(
                  (r) =>
                    r.chargeId === charge.id ||
                    (intent !== undefined && r.paymentIntentId === intent),
                )
                if (row) byCharge.set(charge.id, row.paymentId)
              }
              return byCharge
            },
          ).pipe(Effect.orDie)

    const toMoney = (listed: Listed, reference: string | null): ProviderMoney => ({
      object:
        listed.object === "charge" ? "charge" : listed.object === "refund" ? "refund" : "dispute",
      id: listed.id,
      reference,
      amountCents: listed.amount,
      currency: listed.currency.toLowerCase(),
      created: fromStripeTime(listed.created),
    })

    const named = (object: MoneyObject, listed: ReadonlyArray<Listed>) =>
      object === "charge"
        ? Effect.map(paymentsOf(listed as ReadonlyArray<Stripe.Charge>), (payments) =>
            listed.map((charge) => toMoney(charge, payments.get(charge.id) ?? null)),
          )
        : Effect.succeed(listed.map((other) => toMoney(other, other.id)))

    const list = (
      object: MoneyObject,
      params: Stripe.PaginationParams & { created: Stripe.RangeQueryParam },
    ): Effect.Effect<{ readonly data: ReadonlyArray<Listed>; readonly has_more: boolean }> =>
      object === "charge"
        ? call("charges.list", () => stripe.charges.list(params))
        : object === "refund"
          ? call("refunds.list", () => stripe.refunds.list(params))
          : call("disputes.list", () => stripe.disputes.list(params))

    const retrieve = (object: MoneyObject, id: string) =>
      Effect.tryPromise({
        try: (): Promise<Listed> =>
          object === "charge"
            ? stripe.charges.retrieve(id)
            : object === "refund"
              ? stripe.refunds.retrieve(id)
              : stripe.disputes.retrieve(id),
        catch: (error) => error,
      }).pipe(
        Effect.map((found): Listed | undefined => found),
        Effect.catchIf(missing, () => Effect.succeed(undefined)),
        Effect.orDie,
      )

    /** The charge billing recorded for a payment (its charge, or its payment intent's latest). */
    const chargeOfPayment = (paymentId: string) =>
      Effect.gen(function* () {
        const [row] = yield* sql<{ chargeId: string | null; paymentIntentId: string | null }>`
          select charge_id as "chargeId", payment_intent_id as "paymentIntentId"
            from billing.provider_payments where payment_id = ${paymentId}`.pipe(Effect.orDie)
        if (row?.chargeId) return row.chargeId
        if (!row?.paymentIntentId) return undefined
        const intent = yield* call("paymentIntents.retrieve", () =>
          stripe.paymentIntents.retrieve(row.paymentIntentId!),
        )
        return idOf(intent.latest_charge)
      })

    const books: ProviderBooks = {
      source: "stripe",
      pages: (object, period) =>
        pagesOf<Listed>((after) =>
          Effect.map(
            list(object, {
              limit: pageSize,
              created: {
                gte: Math.floor(period.from.getTime() / 1000),
                lt: Math.floor(period.until.getTime() / 1000),
              },
              ...(after && { starting_after: after.id }),
            }),
            (page) => ({ data: page.data, hasMore: page.has_more }),
          ),
        ).pipe(Stream.mapEffect((page) => named(object, page.filter(moved)))),
      find: (object: MoneyObject, entries: ReadonlyArray<LedgerMoney>) =>
        Effect.forEach(
          entries,
          (entry) =>
            Effect.gen(function* () {
              const id =
                object === "charge" ? yield* chargeOfPayment(entry.paymentId) : entry.reference
              const found = id === undefined ? undefined : yield* retrieve(object, id)
              return found === undefined || !moved(found) ? [] : [toMoney(found, entry.reference)]
            }),
          { concurrency: 4 },
        ).pipe(Effect.map((found) => found.flat())),
    }
    return books
  })
