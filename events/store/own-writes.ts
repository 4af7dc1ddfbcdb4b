import { Effect, FiberRef } from "effect"
import { Position } from "./position.ts"

/** What a transaction appended. */
interface Appended {
  readonly positions: Array<Position>
  readonly types: Set<string>
}

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
  /** What the transaction this fiber runs in has appended so far: positions, and their event types. */
  const pending = FiberRef.unsafeMake<Appended | undefined>(undefined)

  const appendedInTransaction = (position: Position, types: ReadonlyArray<string>) =>
    Effect.flatMap(FiberRef.get(pending), (appended) =>
      Effect.sync(() => {
        appended?.positions.push(position)
        for (const type of types) appended?.types.add(type)
      }),
    )

  /**
   * Runs a top-level transaction, and records what it appended once it has committed, then tells
   * `committed` the types of the events it appended, if it appended any.
   */
  const committing = <A, E, R>(
    transaction: Effect.Effect<A, E, R>,
    committed: (types: ReadonlyArray<string>) => void,
  ) =>
    Effect.suspend(() => {
      const appended: Appended = { positions: [], types: new Set() }
      return transaction.pipe(
        Effect.locally(pending, appended),
        Effect.tap(() =>
          Effect.sync(() => {
            appended.positions.forEach(record)
            if (appended.positions.length > 0) committed([...appended.types])
          }),
        ),
      )
    })

  return { last: Effect.sync(() => last), record, appendedInTransaction, committing }
}
