/** The ledger's filters as the form holds them: "" is no filter. */
export interface LedgerFilters {
  readonly causes: ReadonlyArray<string>
  readonly from: string
  readonly to: string
}

export const noLedgerFilters: LedgerFilters = { causes: [], from: "", to: "" }

/** The URL's parameters: causes comma-separated; what is empty is left out. */
export const ledgerParams = (filters: LedgerFilters) => ({
  ...(filters.causes.length > 0 && { cause: filters.causes.join(",") }),
  ...(filters.from && { from: filters.from }),
  ...(filters.to && { to: filters.to }),
})

/** The months (YYYY-MM, UTC, as statements count them) the entries fall in, newest first. */
export const monthsOf = (entries: ReadonlyArray<{ readonly recordedAt: Date }>) =>
  [...new Set(entries.map((entry) => entry.recordedAt.toISOString().slice(0, 7)))].sort().reverse()
