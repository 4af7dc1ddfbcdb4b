import { SqlClient } from "@effect/sql"
import { Context, Effect, Either, Layer, Option, Schema } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import type { Migrations } from "#events/store/index.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import {
  DifferenceKind,
  InvalidReconciliationPeriod,
  Reconciliation,
} from "./api-reconciliation.ts"
import type { RecordedMoney } from "./ledger-money.ts"
import { type Period, reconcile } from "./reconcile.ts"
import { reconciliationPeriod, yesterday } from "./reconciliation-period.ts"
import { makeStripeBooks } from "./reconciliation-stripe.ts"
import { StripeClient } from "./stripe-client.ts"
import { makeTestModeRecords, testModeRecordMigrations } from "./test-mode-records.ts"

/** Scheduled reconciliations' results, newest read by the Finance tab. */
export const reconciliationMigrations: Migrations = {
  ...testModeRecordMigrations,
  "6_reconciliations": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      create table billing.reconciliations (
        id bigint generated always as identity primary key,
        ran_at timestamptz not null,
        difference_count integer not null,
        report jsonb not null
      )`,
  ),
}

const encode = Schema.encode(Schema.parseJson(Reconciliation))
const decode = Schema.decodeUnknown(Reconciliation)

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const testMode = yield* makeTestModeRecords
  const stripe = yield* Effect.serviceOption(StripeClient)
  const context = yield* Effect.context<SqlClient.SqlClient | RecordedMoney | ErrorReports>()
  const books = yield* Option.match(stripe, {
    onNone: () => Effect.succeed(testMode.books),
    onSome: (client) => makeStripeBooks(client.stripe),
  })

  /** Against Stripe when it is configured, against the test mode's own records otherwise. */
  const run = (period: Period, ranAt: Date) =>
    reconcile(books, period, ranAt).pipe(Effect.withSpan("Reconciliations.run"))

  const between = (from: string, to: string, ranAt: Date) =>
    Either.match(reconciliationPeriod(from, to), {
      onLeft: (message) => Effect.fail(new InvalidReconciliationPeriod({ message })),
      onRight: (period) => run(period, ranAt),
    })

  const save = (report: Reconciliation) =>
    Effect.flatMap(
      encode(report),
      (json) => sql`
        insert into billing.reconciliations (ran_at, difference_count, report)
        values (${report.ranAt}, ${report.differenceCount}, ${json}::jsonb)`,
    ).pipe(Effect.orDie, Effect.asVoid)

  const latest = Effect.flatMap(
    sql<{ report: unknown }>`select report from billing.reconciliations order by id desc limit 1`,
    ([row]) => (row === undefined ? Effect.succeed(null) : decode(row.report)),
  ).pipe(Effect.orDie)

  /**
   * Yesterday's reconciliation, kept where the Finance tab shows it; any difference is reported in the
   * admin error stream.
   */
  const daily = (now: Date) =>
    Effect.gen(function* () {
      const report = yield* run(yesterday(now), now)
      yield* save(report)
      if (report.differenceCount > 0) {
        const kinds = DifferenceKind.literals
          .filter((kind) => report.differences.some((d) => d.kind === kind))
          .map((kind) => kind.replaceAll("_", " "))
        yield* Effect.flatMap(ErrorReports, (errors) =>
          errors.record({
            source: "job",
            actor: Actors.system("reconciliation"),
            message: `Reconciliation of ${report.from} with ${report.source === "stripe" ? "Stripe" : "the test mode"} found ${report.differenceCount} difference${report.differenceCount === 1 ? "" : "s"}: ${kinds.join(", ")}`,
            context: {
              from: report.from,
              to: report.to,
              differences: report.differences.slice(0, 20).map((d) => ({
                kind: d.kind,
                object: d.object,
                providerId: d.providerId,
                paymentId: d.paymentId,
              })),
            },
          }),
        )
      }
      return report
    })

  return {
    between: (from: string, to: string, ranAt: Date) =>
      between(from, to, ranAt).pipe(Effect.provide(context)),
    daily: (now: Date) => daily(now).pipe(Effect.provide(context)),
    latest,
  }
})

/** Reconciliation of the ledger with the payment provider, on demand and daily. */
export class Reconciliations extends Context.Tag("@melody/billing/Reconciliations")<
  Reconciliations,
  Effect.Effect.Success<typeof make>
>() {
  static readonly live = Layer.effect(Reconciliations, make)
}
