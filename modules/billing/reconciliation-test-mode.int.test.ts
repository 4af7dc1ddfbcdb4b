import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp } from "#app/testing.ts"
import { financeEnv as env, financeAdmin, proPackBuyer } from "#app/testing-billing.ts"
import { callAs } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"
import { billingJobs, Reconciliations } from "./index.ts"
import { purchaseOutsideTheOffer } from "./reconciliation-injections.ts"

const today = () => new Date().toISOString().slice(0, 10)
const tomorrow = () => new Date(Date.now() + 86_400_000)

/** A person who bought the Pro pack (150 credits for 13.29 EUR) on the test-mode checkout page. */
const buyer = Effect.map(proPackBuyer("buyer"), (bought) => ({
  ...bought,
  payments: `/api/admin/ledger/${bought.userId}/payments/${bought.sessionId}`,
}))

const admin = financeAdmin()

const reconciled = Effect.gen(function* () {
  yield* settle
  return yield* (yield* Reconciliations).between(today(), today(), new Date())
})

describeApp({ env })("reconciliation offline, against the test mode's own records", (it) => {
  it.effect(
    "only administrators reconcile: anonymous 401, anyone else told there is nothing here (404); a bad period is a clear 400",
    () =>
      Effect.gen(function* () {
        const { person } = yield* signUp("someone")
        const finance = yield* admin
        const period = `from=${today()}&to=${today()}`
        for (const path of [
          `/api/admin/reconciliation?${period}`,
          `/api/admin/reconciliation/csv?${period}`,
          "/api/admin/reconciliation/latest",
        ]) {
          expect((yield* request(path)).status).toBe(401)
          expect((yield* person.get(path)).status).toBe(404)
          expect((yield* finance.get(path)).status).toBe(200)
        }
        const after = yield* finance.get("/api/admin/reconciliation?from=2026-03-02&to=2026-03-01")
        expect(after.status).toBe(400)
        expect(after.body).toMatchObject({
          message: "from (2026-03-02) must not be after to (2026-03-01).",
        })
        const bad = yield* finance.get("/api/admin/reconciliation?from=2026-02-30&to=2026-03-01")
        expect(bad.status).toBe(400)
        expect(bad.body).toMatchObject({
          message: 'from must be a date such as 2026-03-01, not "2026-02-30".',
        })
        expect((yield* finance.get("/api/admin/reconciliation?from=2026-03-01")).status).toBe(400)
      }),
  )

  it.effect(
    "purchases, refunds and disputes agree with the test mode's records; one injected difference of each kind is found, in the CSV too",
    () =>
      Effect.gen(function* () {
        const finance = yield* admin
        const [refunded, disputed, changed, gone] = [
          yield* buyer,
          yield* buyer,
          yield* buyer,
          yield* buyer,
        ]
        expect(
          (yield* finance.post(`${refunded.payments}/refunds`, { amountCents: 329 })).status,
        ).toBe(200)
        expect((yield* finance.post(`${disputed.payments}/disputes`, {})).status).toBe(200)

        const clean = yield* reconciled
        expect(clean).toMatchObject({ source: "test-mode", differenceCount: 0, matched: 6 })
        expect(clean.totals.find((t) => t.object === "refund")).toMatchObject({
          currency: "eur",
          providerCents: 329,
          ledgerCents: 329,
        })

        // The test mode took money the ledger never recorded; a recorded payment it has no record of; an
        // amount and a currency it recorded otherwise; a purchase granting more than its offer.
        yield* query(
          `insert into billing.test_mode_records (object, id, payment_id, amount_cents, currency)
           values ('charge', 'cs_local_stray', 'cs_local_stray', 499, 'EUR'),
                  ('charge', 'cs_injected', 'cs_injected', 499, 'EUR')`,
        )
        yield* query("delete from billing.test_mode_records where id = $1", [gone.sessionId])
        yield* query("update billing.test_mode_records set amount_cents = 1000 where id = $1", [
          changed.sessionId,
        ])
        yield* query(
          "update billing.test_mode_records set currency = 'USD' where object = 'dispute'",
        )
        yield* purchaseOutsideTheOffer("cs_injected", 60)

        const report = yield* reconciled
        expect(report.differenceCount).toBe(5)
        expect(Object.fromEntries(report.differences.map((d) => [d.kind, d]))).toMatchObject({
          missing_in_ledger: { object: "charge", providerId: "cs_local_stray", providerCents: 499 },
          missing_at_provider: { object: "charge", paymentId: gone.sessionId, ledgerCents: 1329 },
          amount_differs: {
            object: "charge",
            paymentId: changed.sessionId,
            providerCents: 1000,
            ledgerCents: 1329,
          },
          currency_differs: {
            object: "dispute",
            paymentId: disputed.sessionId,
            providerCurrency: "usd",
            ledgerCurrency: "eur",
          },
          credits_differ_from_offer: { paymentId: "cs_injected", credits: 60, offerCredits: 50 },
        })

        const csv = yield* finance.get(
          `/api/admin/reconciliation/csv?from=${today()}&to=${today()}`,
        )
        expect(csv.headers.get("content-type")).toMatch(/text\/csv/)
        const lines = csv.text.trim().split("\r\n")
        expect(lines[0]).toMatch(/^section,day,object,kind,currency,provider_id,payment_id/)
        expect(lines.filter((l) => l.startsWith("difference,"))).toHaveLength(5)
        expect(lines).toContain(
          `difference,${today()},charge,missing_in_ledger,eur,cs_local_stray,,,499,,eur,,,,,`,
        )
        // The disputed money is in dollars at the test mode, in euros in the ledger: a total for each.
        expect(lines.filter((l) => l.startsWith("total,"))).toHaveLength(4)
      }),
  )

  it.effect(
    "the daily run keeps its result for the Finance tab and reports a difference in the error stream",
    () =>
      Effect.gen(function* () {
        expect(billingJobs.find((job) => job.name === "billing:reconcile-yesterday")?.cron).toBe(
          "17 2 * * *",
        )
        const finance = yield* admin
        yield* settle
        const daily = yield* (yield* Reconciliations).daily(tomorrow())
        expect(daily).toMatchObject({ from: today(), to: today(), differenceCount: 5 })
        const latest = yield* callAs(finance, (api) => api.reconciliation.latestReconciliation())
        expect(latest).toMatchObject({ from: today(), differenceCount: 5 })
        yield* settle
        const errors = yield* finance.get("/api/admin/errors")
        expect(errors.text).toContain(
          `Reconciliation of ${today()} with the test mode found 5 differences: missing in ledger, missing at provider, amount differs, currency differs, credits differ from offer`,
        )
      }),
  )

  it.effect("pages through more records than a page holds, all made in the same instant", () =>
    Effect.gen(function* () {
      yield* query(
        `insert into billing.test_mode_records (object, id, payment_id, amount_cents, currency)
         select 'charge', 'cs_local_many_' || i, 'cs_local_many_' || i, 499, 'EUR'
           from generate_series(1, 2500) i`,
      )
      const report = yield* reconciled
      expect(report.differenceCount).toBe(5 + 2500)
      expect(report.totals.find((t) => t.object === "charge")?.providerCount).toBe(4 + 2 - 1 + 2500)
    }),
  )
})
