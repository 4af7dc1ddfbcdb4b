import { Command, Options } from "@effect/cli"
import { Console, Effect } from "effect"
import { describeMoney } from "#modules/billing/api-offers.ts"
import { Reconciliations, reconciliationCsv } from "#modules/billing/index.ts"
import { ledgerMoney } from "#projections/credit-ledger/money.ts"
import { bringUpToDate } from "#projections/runner.ts"
import { now } from "#toolkit/clock.ts"

const day = (name: string, what: string) =>
  Options.text(name).pipe(Options.withDescription(`${what} (YYYY-MM-DD, UTC, included)`))

/**
 * Finance's reconciliation of the ledger with Stripe (or offline, the test mode's records) for the days
 * `--from` to `--to`: differences on stderr, totals per day and currency on stdout, or the whole as CSV;
 * `fail` ends the command with exit code 1 when there is any difference.
 */
export const reconcileCommand = (fail: (message: string) => Effect.Effect<never, unknown>) =>
  Command.make(
    "reconcile",
    {
      from: day("from", "the first day"),
      to: day("to", "the last day"),
      csv: Options.boolean("csv").pipe(Options.withDescription("print the report as CSV")),
    },
    ({ from, to, csv }) =>
      Effect.gen(function* () {
        const reconciliations = yield* Reconciliations
        yield* bringUpToDate(ledgerMoney)
        const report = yield* reconciliations
          .between(from, to, yield* now)
          .pipe(Effect.catchTag("InvalidReconciliationPeriod", (refused) => fail(refused.message)))
        if (csv) yield* Console.log(reconciliationCsv(report).trimEnd())
        else {
          for (const t of report.totals) {
            yield* Console.log(
              `${t.day} ${t.currency.toUpperCase()} ${t.object}s: provider ${t.providerCount} for ${describeMoney(t.providerCents, t.currency)}, ledger ${t.ledgerCount} for ${describeMoney(t.ledgerCents, t.currency)}`,
            )
          }
          for (const d of report.differences) {
            yield* Console.error(
              `${d.day} ${d.object} ${d.kind.replaceAll("_", " ")}: provider ${d.providerId ?? "-"} ${d.providerCents ?? "-"} ${d.providerCurrency ?? ""}, ledger ${d.paymentId ?? "-"} ${d.ledgerCents ?? "-"} ${d.ledgerCurrency ?? ""}${d.offerCredits === null ? "" : `, ${d.credits} credits where the offer gives ${d.offerCredits}`}`,
            )
          }
        }
        const against = report.source === "stripe" ? "Stripe" : "the test mode's records"
        if (report.differenceCount > 0) {
          return yield* fail(
            `Reconciliation of ${report.from} to ${report.to} against ${against}: ${report.differenceCount} difference(s), ${report.matched} matched.`,
          )
        }
        yield* Console.error(
          `Reconciled ${report.from} to ${report.to} against ${against}: ${report.matched} matched, no difference.`,
        )
      }),
  )
