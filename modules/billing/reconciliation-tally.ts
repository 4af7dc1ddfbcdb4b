import type { LedgerMoney, MoneyObject } from "#projections/credit-ledger/api.ts"
import {
  type DifferenceKind,
  ReconciliationDifference,
  ReconciliationTotal,
} from "./api-reconciliation.ts"
import { packs, plans } from "./price-list.ts"

/** A charge, refund or dispute as the provider keeps it; `reference` is the ledger's name for it. */
export interface ProviderMoney {
  readonly object: MoneyObject
  readonly id: string
  /** The payment's id for a charge (found through billing's record of it), the object's own id otherwise. */
  readonly reference: string | null
  readonly amountCents: number
  readonly currency: string
  readonly created: Date
}

export const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/** Credits the offer a payment bought gives, when it says which (declined plans and reversals do not). */
export const offerCredits = (offer: string | null) =>
  [...packs, ...plans].find((known) => known.id === offer)?.credits ?? null

/** Differences kept in a report; more are counted, not listed, so memory stays flat. */
const listedDifferences = 1000

/** What a reconciliation adds up as it pages through both sides: totals, matches, differences. */
export const makeTally = () => {
  const totals = new Map<
    string,
    { -readonly [K in keyof ReconciliationTotal]: ReconciliationTotal[K] }
  >()
  const differences: Array<ReconciliationDifference> = []
  let differenceCount = 0
  let matched = 0

  const total = (day: string, currency: string, object: MoneyObject) => {
    const key = `${day}|${currency}|${object}`
    let row = totals.get(key)
    if (!row) {
      row = {
        day,
        currency,
        object,
        providerCount: 0,
        providerCents: 0,
        ledgerCount: 0,
        ledgerCents: 0,
      }
      totals.set(key, row)
    }
    return row
  }

  const differ = (
    kind: DifferenceKind,
    provider: ProviderMoney | null,
    ledger: LedgerMoney | null,
    object: MoneyObject,
  ) => {
    differenceCount++
    if (differences.length >= listedDifferences) return
    differences.push(
      new ReconciliationDifference({
        kind,
        object,
        // A refund or a dispute missing at the provider is named by the id the ledger has for it.
        providerId:
          provider?.id ?? (ledger && ledger.object !== "charge" ? ledger.reference : null),
        paymentId: ledger?.paymentId ?? null,
        userId: ledger?.userId ?? null,
        day: dayOf(provider?.created ?? ledger!.recordedAt),
        providerCents: provider?.amountCents ?? null,
        providerCurrency: provider?.currency ?? null,
        ledgerCents: ledger?.amountCents ?? null,
        ledgerCurrency: ledger?.currency ?? null,
        credits: kind === "credits_differ_from_offer" ? (ledger?.credits ?? null) : null,
        offerCredits: kind === "credits_differ_from_offer" ? offerCredits(ledger!.offer) : null,
      }),
    )
  }

  return {
    provider: (money: ProviderMoney) => {
      const row = total(dayOf(money.created), money.currency, money.object)
      row.providerCount++
      row.providerCents += money.amountCents
    },
    ledger: (money: LedgerMoney) => {
      const row = total(dayOf(money.recordedAt), money.currency, money.object)
      row.ledgerCount++
      row.ledgerCents += money.amountCents
    },
    /** Both sides have the object: alike, or a difference of amount or currency. */
    compare: (provider: ProviderMoney, ledger: LedgerMoney) => {
      if (provider.currency !== ledger.currency)
        differ("currency_differs", provider, ledger, provider.object)
      else if (provider.amountCents !== ledger.amountCents)
        differ("amount_differs", provider, ledger, provider.object)
      else matched++
    },
    /** A payment that granted other credits than its offer gives. */
    checkOffer: (ledger: LedgerMoney) => {
      const credits = offerCredits(ledger.offer)
      if (credits !== null && credits !== ledger.credits)
        differ("credits_differ_from_offer", null, ledger, ledger.object)
    },
    missingInLedger: (provider: ProviderMoney) =>
      differ("missing_in_ledger", provider, null, provider.object),
    missingAtProvider: (ledger: LedgerMoney) =>
      differ("missing_at_provider", null, ledger, ledger.object),
    result: () => ({
      matched,
      differenceCount,
      differences,
      totals: [...totals.values()]
        .sort(
          (a, b) =>
            a.day.localeCompare(b.day) ||
            a.currency.localeCompare(b.currency) ||
            a.object.localeCompare(b.object),
        )
        .map((row) => new ReconciliationTotal(row)),
    }),
  }
}
