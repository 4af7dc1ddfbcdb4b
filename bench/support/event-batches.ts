import { Layer, ManagedRuntime, Redacted } from "effect"
import type { AppendRequest } from "#events/store/index.ts"
import { EventStore, EventStoreLive } from "#events/store/index.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { EventWakeups } from "#events/store/wakeups.ts"

/** What was appended: how many events, on how many streams. */
export interface Appended {
  readonly events: number
  readonly streams: number
}

/**
 * Appends `batches` through the real event store, each batch's streams in one transaction (all or
 * nothing, as `appendAtomically` does), `concurrency` transactions at once, as the app's own writers
 * would: stream versions, the streams table, global order and wake-ups are the store's. Batches are
 * drawn as they are needed, so a generator may make millions of events without holding them.
 */
export const appendBatches = async (
  databaseUrl: string,
  batches: Iterable<ReadonlyArray<AppendRequest>>,
  options: { readonly concurrency?: number } = {},
): Promise<Appended> => {
  const concurrency = options.concurrency ?? 4
  const runtime = ManagedRuntime.make(
    EventStoreLive.pipe(
      Layer.provideMerge(EventWakeups.live),
      Layer.provideMerge(
        pgClientLayer({
          url: Redacted.make(databaseUrl),
          maxConnections: concurrency,
          applicationName: "bench-seed",
        }),
      ),
    ),
  )
  const store = await runtime.runPromise(EventStore)
  const source = batches[Symbol.iterator]()
  let events = 0
  let streams = 0
  const writer = async () => {
    for (let next = source.next(); !next.done; next = source.next()) {
      const batch = next.value
      if (batch.length === 0) continue
      await runtime.runPromise(store.appendAtomically(batch))
      streams += batch.length
      for (const request of batch) events += request.events.length
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, writer))
  } finally {
    await runtime.dispose()
  }
  return { events, streams }
}

/** `items` in batches of `size`, drawn as they are needed. */
export function* chunked<A>(items: Iterable<A>, size: number): Generator<ReadonlyArray<A>> {
  let batch: Array<A> = []
  for (const item of items) {
    batch.push(item)
    if (batch.length === size) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}
