import { SqlClient } from "@effect/sql"
import { layer } from "@effect/vitest"
import { Effect, Either, Layer, Logger, LogLevel, Redacted } from "effect"
import { expect, inject } from "vitest"
import type { Decider } from "./decider.ts"
import { dropDatabase, ensureDatabase } from "./store/databases.ts"
import {
  EventStoreLive,
  EventWakeups,
  eventStoreMigrations,
  SubscriptionLeases,
} from "./store/index.ts"
import { pgClientLayer } from "./store/pg-client.ts"
import type { Migrations } from "./store/run-migrations.ts"
import { runMigrations } from "./store/run-migrations.ts"

/**
 * Given/when/then for deciders:
 *   given(creditAccount, [purchased]).when(debit).thenEmits([debited])
 *   given(creditAccount, []).when(debit).thenFails("InsufficientCredits")
 */
export const given = <Command, Event, State, Err extends { readonly _tag: string }>(
  decider: Decider<Command, Event, State, Err>,
  history: ReadonlyArray<Event>,
) => ({
  when: (command: Command) => {
    const state = history.reduce(decider.evolve, decider.initialState)
    const outcome = decider.decide(command, state)
    return {
      thenEmits: (expected: ReadonlyArray<Event>) => {
        if (Either.isLeft(outcome)) throw new Error(`expected events, got ${outcome.left._tag}`)
        expect(outcome.right).toEqual(expected)
      },
      thenFails: (tag: Err["_tag"], matching?: Partial<Err>) => {
        if (Either.isRight(outcome))
          throw new Error(`expected ${tag}, got ${outcome.right.length} event(s)`)
        expect(outcome.left._tag).toBe(tag)
        if (matching) expect(outcome.left).toMatchObject(matching)
      },
      thenNothing: () => {
        if (Either.isLeft(outcome)) throw new Error(`expected no events, got ${outcome.left._tag}`)
        expect(outcome.right).toEqual([])
      },
    }
  },
})

export interface TestDatabaseOptions {
  /** Migrations to run after the store's, by owner. */
  readonly migrations?: ReadonlyArray<readonly [owner: string, migrations: Migrations]>
  readonly maxConnections?: number
}

/**
 * A fresh database for one test file on the run's PostgreSQL server, migrated, with the event store on it;
 * dropped when the layer is released.
 */
export const TestDatabase = (options: TestDatabaseOptions = {}) => {
  const database = Layer.unwrapScoped(
    Effect.gen(function* () {
      const adminUrl = inject("adminDatabaseUrl")
      const name = `melody_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
      const url = yield* Effect.acquireRelease(
        Effect.promise(() => ensureDatabase(adminUrl, name)),
        () => Effect.promise(() => dropDatabase(adminUrl, name)),
      )
      return pgClientLayer({
        url: Redacted.make(url),
        maxConnections: options.maxConnections ?? 20,
        applicationName: "melody-test",
      })
    }),
  )
  const migrated = Layer.effectDiscard(
    Effect.gen(function* () {
      yield* runMigrations("event_store", eventStoreMigrations)
      for (const [owner, migrations] of options.migrations ?? [])
        yield* runMigrations(owner, migrations)
    }).pipe(Effect.orDie),
  )
  const store = Layer.mergeAll(
    EventStoreLive.pipe(Layer.provideMerge(EventWakeups.live)),
    SubscriptionLeases.live,
  )
  return Layer.mergeAll(store, migrated).pipe(Layer.provideMerge(database))
}

/** Runs SQL that a test needs to set up or inspect, outside any module's code. */
export const query = <A extends object>(text: string, params: ReadonlyArray<unknown> = []) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe<A>(text, params)).pipe(Effect.orDie)

/**
 * Integration tests on their own database, with the live clock (background fibers and sleeps are real):
 *   describeWithDatabase()("event store", (it) => { it.effect(...) })
 */
export const describeWithDatabase = (options: TestDatabaseOptions = {}) =>
  describeWith(TestDatabase(options))

/** Tests that share one layer (built once for the file), with the live clock. */
export const describeWith = <R, E>(shared: Layer.Layer<R, E>) =>
  layer(Layer.provideMerge(shared, Logger.minimumLogLevel(LogLevel.Warning)), {
    excludeTestServices: true,
    timeout: "60 seconds",
  })
