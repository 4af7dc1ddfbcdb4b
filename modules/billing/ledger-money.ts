import { Context, type Effect } from "effect"
import type { LedgerMoney, MoneyObject } from "#projections/credit-ledger/api.ts"

/** Where a page of the ledger's money ends. */
export interface MoneyCursor {
  readonly recordedAt: Date
  readonly position: number
}

/**
 * What billing reads of the ledger's money (the credit ledger's projection serves it; the app hands it
 * in): pages of one kind of object by date, and the entries the provider's references name.
 */
export class RecordedMoney extends Context.Tag("@melody/billing/RecordedMoney")<
  RecordedMoney,
  {
    readonly page: (
      object: MoneyObject,
      period: { readonly from: Date; readonly until: Date },
      after: MoneyCursor | null,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<LedgerMoney>>
    readonly byReferences: (
      object: MoneyObject,
      references: ReadonlyArray<string>,
    ) => Effect.Effect<ReadonlyArray<LedgerMoney>>
  }
>() {}
