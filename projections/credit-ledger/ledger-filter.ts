/** What moves credits, as the ledger names it: refunds and disputes stand under their payment's cause. */
export const ledgerCauses = ["signup", "checkout", "invoice", "generation", "adjustment"] as const

export type LedgerCause = (typeof ledgerCauses)[number]

/** Which entries of a person's ledger to read: all when empty; `from` inclusive, `until` exclusive. */
export interface LedgerFilter {
  readonly causes?: ReadonlyArray<LedgerCause>
  readonly from?: Date
  readonly until?: Date
}

/** The causes whose id is a payment: a pack's checkout session, a plan's invoice. */
export const paymentOf = (cause: string, causeId: string): string | null =>
  cause === "checkout" || cause === "invoice" ? causeId : null
