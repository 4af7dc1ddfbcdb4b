import { Clock, Duration, Effect } from "effect"

/**
 * A value read again in the background once it is older than `freshness`: readers never wait for it
 * except the first time, and `refresh`, which reads it again and waits (a writer who wants to read its
 * own write). One read runs at a time, so a read that started before a refresh never answers it; a
 * background read that fails keeps the value it had and is tried again by the next reader.
 */
export const keptFresh = <A>(
  read: Effect.Effect<A>,
  freshness: Duration.DurationInput,
  options: {
    /**
     * Once the kept value is this old, readers wait for a new one instead: a value read again only in
     * the background would otherwise be as old as the quiet spell before the first reader after it.
     */
    readonly atMost?: Duration.DurationInput
  } = {},
) =>
  Effect.gen(function* () {
    const lock = yield* Effect.makeSemaphore(1)
    const maxAge = Duration.toMillis(freshness)
    const awaitedAge =
      options.atMost === undefined ? Number.POSITIVE_INFINITY : Duration.toMillis(options.atMost)
    // Reads are numbered as they start: a caller waiting for a read that started after it asked takes the
    // first such read's value instead of reading again.
    let started = 0
    let kept: { readonly value: A; readonly readAt: number; readonly number: number } | undefined
    let readingAgain = false

    const readFrom = (needed: number) =>
      lock.withPermits(1)(
        Effect.gen(function* () {
          if (kept !== undefined && kept.number >= needed) return kept.value
          const number = ++started
          const readAt = yield* Clock.currentTimeMillis
          const value = yield* read
          kept = { value, readAt, number }
          return value
        }),
      )

    // Awaited without interruption: a reader whose client is gone must not stop the read for the others.
    const refresh = Effect.uninterruptible(Effect.suspend(() => readFrom(started + 1)))

    const get = Effect.gen(function* () {
      if (kept === undefined) return yield* Effect.uninterruptible(readFrom(1))
      const now = yield* Clock.currentTimeMillis
      if (now - kept.readAt >= awaitedAge) return yield* refresh
      if (now - kept.readAt >= maxAge && !readingAgain) {
        readingAgain = true
        yield* readFrom(started + 1).pipe(
          Effect.catchAllCause((cause) =>
            Effect.logWarning("A value kept fresh could not be read again", cause),
          ),
          Effect.ensuring(Effect.sync(() => (readingAgain = false))),
          Effect.forkDaemon,
        )
      }
      return kept.value
    })

    return { get, refresh }
  })
