import { Deferred, Effect, type Exit } from "effect"

interface Waiting<I, O, E> {
  readonly item: I
  readonly done: Deferred.Deferred<O, E>
}

/**
 * Group commit: work submitted for one key while that key's previous batch is running waits, and then
 * runs as one batch. Under contention a key pays one transaction per batch instead of one per item;
 * without contention every batch holds one item and nothing waits.
 *
 * `run` answers one exit per item, in order. Batches run in fibers of the enclosing scope, so a caller
 * that goes away does not cancel the others' work.
 */
export const makeGroupCommit = <I, O, E>(options: {
  readonly maxBatch: number
  readonly run: (
    key: string,
    items: ReadonlyArray<I>,
  ) => Effect.Effect<ReadonlyArray<Exit.Exit<O, E>>>
}) =>
  Effect.gen(function* () {
    const scope = yield* Effect.scope
    const queues = new Map<string, Array<Waiting<I, O, E>>>()

    const drain = (key: string): Effect.Effect<void> =>
      Effect.suspend(() => {
        const queue = queues.get(key)!
        if (queue.length === 0) {
          queues.delete(key)
          return Effect.void
        }
        const batch = queue.splice(0, options.maxBatch)
        return options
          .run(
            key,
            batch.map((waiting) => waiting.item),
          )
          .pipe(
            Effect.flatMap((exits) =>
              Effect.forEach(batch, (waiting, i) => Deferred.done(waiting.done, exits[i]!), {
                discard: true,
              }),
            ),
            Effect.catchAllCause((cause) =>
              Effect.forEach(batch, (waiting) => Deferred.failCause(waiting.done, cause), {
                discard: true,
              }),
            ),
            Effect.zipRight(drain(key)),
          )
      })

    const submit = (key: string, item: I): Effect.Effect<O, E> =>
      Effect.gen(function* () {
        const done = yield* Deferred.make<O, E>()
        const queue = queues.get(key)
        if (queue) {
          queue.push({ item, done })
        } else {
          queues.set(key, [{ item, done }])
          yield* Effect.forkIn(drain(key), scope)
        }
        return yield* Deferred.await(done)
      })

    return { submit }
  })
