import { Chunk, Effect, Option, Stream } from "effect"
import type { LedgerMoney, MoneyObject } from "#projections/credit-ledger/api.ts"
import { moneyObjects } from "#projections/credit-ledger/api.ts"
import { Reconciliation } from "./api-reconciliation.ts"
import { type MoneyCursor, RecordedMoney } from "./ledger-money.ts"
import { dayOf, makeTally, type ProviderMoney } from "./reconciliation-tally.ts"

/** Days `from` to `until` (exclusive), as reconciliation reads both sides. */
export interface Period {
  readonly from: Date
  readonly until: Date
}

/**
 * The payment provider's side: its objects of a period, page by page, and those of ledger entries
 * whatever their date (an object made just before midnight and recorded just after is no difference).
 */
export interface ProviderBooks {
  readonly source: "stripe" | "test-mode"
  readonly pages: (
    object: MoneyObject,
    period: Period,
  ) => Stream.Stream<ReadonlyArray<ProviderMoney>>
  readonly find: (
    object: MoneyObject,
    entries: ReadonlyArray<LedgerMoney>,
  ) => Effect.Effect<ReadonlyArray<ProviderMoney>>
}

const ledgerPageSize = 1000

/**
 * Matches one to one every charge, refund and dispute of the period at the provider with the ledger's
 * entry, and every entry of the period in the ledger with the provider's object. Both sides are read a page
 * at a time; what stays in memory is the references matched so far and the totals.
 */
export const reconcile = (provider: ProviderBooks, period: Period, ranAt: Date) =>
  Effect.gen(function* () {
    const ledger = yield* RecordedMoney
    const tally = makeTally()
    const inPeriod = (date: Date) => date >= period.from && date < period.until

    for (const object of moneyObjects) {
      const matched = new Set<string>()

      yield* Stream.runForEach(provider.pages(object, period), (page) =>
        Effect.gen(function* () {
          const references = page.flatMap((money) =>
            money.reference === null ? [] : [money.reference],
          )
          const found = new Map(
            (yield* ledger.byReferences(object, references)).map((entry) => [
              entry.reference,
              entry,
            ]),
          )
          for (const money of page) {
            tally.provider(money)
            const entry = money.reference === null ? undefined : found.get(money.reference)
            if (entry === undefined || matched.has(entry.reference)) {
              tally.missingInLedger(money)
              continue
            }
            matched.add(entry.reference)
            tally.compare(money, entry)
            // Entries of the period are checked against their offer as the ledger's side is read.
            if (!inPeriod(entry.recordedAt)) tally.checkOffer(entry)
          }
        }),
      )

      let after: MoneyCursor | null = null
      while (true) {
        const page: ReadonlyArray<LedgerMoney> = yield* ledger.page(
          object,
          period,
          after,
          ledgerPageSize,
        )
        if (page.length === 0) break
        const last = page[page.length - 1]!
        after = { recordedAt: last.recordedAt, position: last.position }
        const unmatched: Array<LedgerMoney> = []
        for (const entry of page) {
          tally.ledger(entry)
          tally.checkOffer(entry)
          if (!matched.has(entry.reference)) unmatched.push(entry)
        }
        if (unmatched.length === 0) continue
        const elsewhere = new Map(
          (yield* provider.find(object, unmatched)).map((money) => [money.reference, money]),
        )
        for (const entry of unmatched) {
          const money = elsewhere.get(entry.reference)
          if (money === undefined) tally.missingAtProvider(entry)
          else {
            matched.add(entry.reference)
            tally.compare(money, entry)
          }
        }
      }
    }

    const result = tally.result()
    return new Reconciliation({
      from: dayOf(period.from),
      to: dayOf(new Date(period.until.getTime() - 1)),
      source: provider.source,
      ranAt,
      ...result,
    })
  })

/** Stripe-style cursor pages as a stream: `next` answers a page and whether more follow. */
export const pagesOf = <A>(
  next: (
    after: A | null,
  ) => Effect.Effect<{ readonly data: ReadonlyArray<A>; readonly hasMore: boolean }>,
) =>
  Stream.paginateChunkEffect(null as A | null, (after) =>
    Effect.map(next(after), ({ data, hasMore }) => [
      Chunk.of(data),
      hasMore && data.length > 0 ? Option.some(data[data.length - 1]!) : Option.none(),
    ]),
  )
