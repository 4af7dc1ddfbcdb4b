import { Deferred, Effect, FiberId } from "effect"

/**
 * Runs work for a key once at a time in this process: a request for a key whose work is under way waits
 * for that work and gets its result, instead of starting it again. The work runs on its own fiber, so a
 * caller that leaves (a closed connection) does not end it for the others; the key is free again once it
 * ends, whatever its outcome.
 */
export const singleFlight = <A, E, R>() => {
  const flights = new Map<string, Deferred.Deferred<A, E>>()
  const run = (key: string, work: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.uninterruptibleMask((restore) => {
      const under = flights.get(key)
      if (under) return restore(Deferred.await(under))
      const flight = Deferred.unsafeMake<A, E>(FiberId.none)
      flights.set(key, flight)
      const land = restore(work).pipe(
        Effect.onExit((exit) => {
          flights.delete(key)
          return Deferred.done(flight, exit)
        }),
      )
      // Forked before anything can interrupt this caller: a key is never left waiting on nothing.
      return Effect.zipRight(Effect.forkDaemon(land), restore(Deferred.await(flight)))
    })
  return run
}
