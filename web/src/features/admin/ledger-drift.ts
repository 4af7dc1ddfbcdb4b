interface LedgerLike {
  readonly balance: number
  readonly entries: ReadonlyArray<{
    readonly position: number
    readonly amount: number
    readonly balanceAfter: number
  }>
}

/**
 * The balance recomputed from the entries, two ways (their sum, and the last running balance), against
 * the balance the account reports; `drift` is how far the account is from the entries, 0 when all agree.
 */
export const ledgerDrift = (ledger: LedgerLike) => {
  const summed = ledger.entries.reduce((sum, entry) => sum + entry.amount, 0)
  const last = ledger.entries.reduce<LedgerLike["entries"][number] | undefined>(
    (latest, entry) => (latest === undefined || entry.position > latest.position ? entry : latest),
    undefined,
  )
  const running = last?.balanceAfter ?? 0
  const drift = ledger.balance !== summed ? ledger.balance - summed : ledger.balance - running
  return { summed, running, drift }
}
