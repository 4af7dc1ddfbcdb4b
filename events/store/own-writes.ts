import { Effect, FiberRef } from "effect"
import { Position } from "./position.ts"

/**
 * The last event this process appended and saw commit: what its readers wait for so that a person reads
 * their own writes, without asking the database on every read. Appends inside a transaction count once
 * the transaction commits, so a rolled-back one never holds a reader up.
 */
export const makeOwnWrites = () => {
  let last: Position | undefined
  const record = (position: Position | undefined) => {
    if (position === undefined) return
    if (last === undefined || Position.compare(position, last) > 0) last = position
  }
  /** The positions appended so far by the transaction this fiber runs in. */
  const pending = FiberRef.unsafeMake<Array<Position> | undefined>(undefined)

  const appendedInTransaction = (position: Position) =>
    Effect.flatMap(FiberRef.get(pending), (positions) =>
      Effect.sync(() => positions?.push(position)),
    )

  /** Runs a top-level transaction, and records what it appended once it has committed. */
  const committing = <A, E, R>(transaction: Effect.Effect<A, E, R>) =>
    Effect.suspend(() => {
      const positions: Array<Position> = []
      return transaction.pipe(
        Effect.locally(pending, positions),
        Effect.tap(() => Effect.sync(() => positions.forEach(record))),
      )
    })

  return { last: Effect.sync(() => last), record, appendedInTransaction, committing }
}
