import { PgClient } from "@effect/sql-pg"
import { expect } from "@effect/vitest"
import { Context, Deferred, Effect, Fiber, Layer } from "effect"
import { describeWithDatabase, query } from "../testing.ts"
import { SubscriptionLeases } from "./leases.ts"
import { pgClientLayer } from "./pg-client.ts"

/** A second process's leases: its own pool and its own lease connection on the same database. */
const otherProcess = Effect.gen(function* () {
  const pg = yield* PgClient.PgClient
  const context = yield* Layer.build(
    SubscriptionLeases.live.pipe(
      Layer.provide(pgClientLayer({ url: pg.config.url!, applicationName: "other" })),
    ),
  )
  return Context.get(context, SubscriptionLeases)
})

/** Takes this process's lease on `name` and keeps working under it, in the background, until stopped. */
const holdInBackground = (name: string) =>
  Effect.gen(function* () {
    const mine = yield* SubscriptionLeases
    const started = yield* Deferred.make<void>()
    const holder = yield* Effect.fork(
      mine.whileHeld(name, Effect.zipRight(Deferred.succeed(started, undefined), Effect.never)),
    )
    yield* Deferred.await(started)
    return holder
  })

describeWithDatabase()("subscription leases", (it) => {
  it.scoped(
    "one process at a time holds a subscription; the other takes over when it lets go",
    () =>
      Effect.gen(function* () {
        const theirs = yield* otherProcess
        const holder = yield* holdInBackground("projection:timeline")
        expect(yield* theirs.whileHeld("projection:timeline", Effect.void)).toBe(false)
        expect(yield* theirs.whileHeld("projection:library", Effect.void)).toBe(true)
        yield* Fiber.interrupt(holder)
        expect(yield* theirs.whileHeld("projection:timeline", Effect.void)).toBe(true)
      }),
  )

  it.scoped("when the holder's connection dies, its work stops and the lease is free again", () =>
    Effect.gen(function* () {
      const theirs = yield* otherProcess
      const holder = yield* holdInBackground("projection:ledger")
      const killed = yield* query(
        `select pg_terminate_backend(pid) from pg_locks
         where locktype = 'advisory' and classid = 7301 and objid = hashtext('projection:ledger')::oid and granted`,
      )
      expect(killed).toEqual([{ pg_terminate_backend: true }])
      // The holder notices at its next health check and stops its work.
      expect(yield* Fiber.join(holder).pipe(Effect.timeout("15 seconds"))).toBe(true)
      expect(yield* theirs.whileHeld("projection:ledger", Effect.void)).toBe(true)
    }),
  )
})
