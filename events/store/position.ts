/**
 * A place in the global order of events. The order is (transaction id, global position): sequence
 * numbers alone can commit out of order, transaction ids below the snapshot's xmin cannot.
 * The transaction id is an xid8 kept as its decimal text, since it does not fit a double.
 */
export interface Position {
  readonly transactionId: string
  readonly globalPosition: number
}

export const Position = {
  start: { transactionId: "0", globalPosition: 0 } as Position,

  /** Negative, zero or positive as `a` is before, equal to or after `b`. */
  compare: (a: Position, b: Position): number => {
    const ta = BigInt(a.transactionId)
    const tb = BigInt(b.transactionId)
    if (ta !== tb) return ta < tb ? -1 : 1
    return a.globalPosition - b.globalPosition
  },

  isAtOrAfter: (a: Position, b: Position): boolean => Position.compare(a, b) >= 0,

  format: (p: Position): string => `${p.transactionId}:${p.globalPosition}`,
}
