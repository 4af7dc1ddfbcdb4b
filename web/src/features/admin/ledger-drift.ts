/** What the server adds up over a person's whole ledger (see the Ledger answer). */
interface LedgerTotals {
  readonly balance: number
  readonly summed: number
  readonly running: number
}

/**
 * How far the balance the account reports is from its entries, checked two ways (their sum, and the
 * running balance after the last): 0 when all agree.
 */
export const ledgerDrift = ({ balance, summed, running }: LedgerTotals) =>
  balance !== summed ? balance - summed : balance - running
