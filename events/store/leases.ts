import { SqlClient, type SqlConnection } from "@effect/sql"
import { Context, Deferred, Effect, ExecutionStrategy, Exit, Layer, Schedule, Scope } from "effect"

const lockNamespace = 7301

interface LeaseConnection {
  readonly connection: SqlConnection.Connection
  readonly scope: Scope.CloseableScope
  /** Completes when the connection breaks: every lease taken on it is gone. */
  readonly lost: Deferred.Deferred<void>
}

/**
 * Which replica runs each subscription. Leases are PostgreSQL session advisory locks held on one dedicated
 * connection per process; when that connection breaks, PostgreSQL frees the locks and the holders stop,
 * so two replicas never process the same subscription at once.
 */
export class SubscriptionLeases extends Context.Tag("@melody/events/SubscriptionLeases")<
  SubscriptionLeases,
  {
    /**
     * Runs `effect` while this process holds the lease on `name` and answers true, or answers false at
     * once when another process holds it.
     */
    readonly whileHeld: <A, E, R>(
      name: string,
      effect: Effect.Effect<A, E, R>,
    ) => Effect.Effect<boolean, E, R>
  }
>() {
  static readonly live = Layer.scoped(
    SubscriptionLeases,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const layerScope = yield* Effect.scope
      const guard = yield* Effect.makeSemaphore(1)
      let current: LeaseConnection | undefined

      const drop = (lease: LeaseConnection) =>
        Effect.suspend(() => {
          if (current === lease) current = undefined
          return Effect.zipRight(
            Deferred.succeed(lease.lost, undefined),
            Scope.close(lease.scope, Exit.void),
          )
        })

      const connect = Effect.suspend(() => {
        if (current) return Effect.succeed(current)
        return Effect.gen(function* () {
          const scope = yield* Scope.fork(layerScope, ExecutionStrategy.sequential)
          const connection = yield* Scope.extend(sql.reserve, scope)
          current = { connection, scope, lost: yield* Deferred.make<void>() }
          return current
        })
      })

      /** Runs one statement on the lease connection; a failure there means every lease is lost. */
      const onConnection = <A>(text: string, params: ReadonlyArray<unknown>) =>
        guard.withPermits(1)(
          Effect.flatMap(connect, (lease) =>
            lease.connection.execute(text, params, undefined).pipe(
              Effect.map((rows) => ({ lease, row: rows[0] as A | undefined })),
              Effect.tapError(() => drop(lease)),
            ),
          ),
        )

      yield* onConnection("select 1", []).pipe(
        Effect.ignore,
        Effect.repeat(Schedule.spaced("5 seconds")),
        Effect.forkScoped,
      )

      const whileHeld = <A, E, R>(name: string, effect: Effect.Effect<A, E, R>) =>
        Effect.gen(function* () {
          const taken = yield* onConnection<{ locked: boolean }>(
            "select pg_try_advisory_lock($1, hashtext($2)) as locked",
            [lockNamespace, name],
          ).pipe(Effect.orElseSucceed(() => undefined))
          if (!taken?.row?.locked) return false
          const { lease } = taken
          const release = Effect.suspend(() =>
            current === lease
              ? onConnection("select pg_advisory_unlock($1, hashtext($2))", [
                  lockNamespace,
                  name,
                ]).pipe(Effect.ignore)
              : Effect.void,
          )
          // Whichever ends first: the work, or the connection holding the lease (and then the work is stopped).
          yield* Effect.raceFirst(effect, Deferred.await(lease.lost)).pipe(Effect.ensuring(release))
          return true
        })

      return { whileHeld }
    }),
  )
}
