import { SqlClient } from "@effect/sql"
import { Effect, Exit, Option } from "effect"
import type { Actor } from "./contracts/actor.ts"
import { loadAggregate } from "./decider.ts"
import { makeGroupCommit } from "./group-commit.ts"
import {
  type CommandOptions,
  type CommandResult,
  decideHeld,
  type Submitted,
} from "./handle-command.ts"
import { eventMetadata } from "./request-context.ts"
import { type EventSchema, EventStore } from "./store/index.ts"

export interface CommandQueueOptions<Command, S extends EventSchema, State, Err>
  extends CommandOptions<Command, S, State, Err> {
  readonly streamOf: (command: Command) => string
  /** The most commands one transaction decides. */
  readonly maxBatch?: number | undefined
}

/**
 * A decider for streams many writers hit at once (a user's credits). Outside a transaction, commands join
 * their stream's group commit: one transaction, holding the stream's row, decides every command that
 * arrived while the previous one ran. Inside a caller's transaction, a command holds the row until that
 * transaction ends, so it commits with whatever the caller records. A batch that fails as a whole is
 * taken apart, so one bad command only fails itself.
 */
export const makeCommandQueue = <Command, S extends EventSchema, State, Err>(
  options: CommandQueueOptions<Command, S, State, Err>,
) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const sql = yield* SqlClient.SqlClient
    const decide = (streamId: string, items: ReadonlyArray<Submitted<Command>>) =>
      decideHeld(options, streamId, items).pipe(
        Effect.provideService(EventStore, store),
        Effect.provideService(SqlClient.SqlClient, sql),
      )
    /** An unreadable stream (or a repeat in a batch) is a defect here, never a refusal. */
    const decided = (streamId: string, items: ReadonlyArray<Submitted<Command>>) =>
      Effect.orDie(decide(streamId, items))
    const one = (
      streamId: string,
      item: Submitted<Command>,
    ): Effect.Effect<CommandResult<S["Type"], State>, Err> =>
      Effect.flatMap(decided(streamId, [item]), ([result]) => result!)

    const group = yield* makeGroupCommit<Submitted<Command>, CommandResult<S["Type"], State>, Err>({
      maxBatch: options.maxBatch ?? 200,
      run: (streamId, items) =>
        decided(streamId, items).pipe(
          Effect.map((results) => results.map((result) => Exit.fromEither(result))),
          Effect.catchAllCause((cause) =>
            items.length === 1
              ? Effect.succeed([Exit.failCause(cause)])
              : Effect.forEach(items, (item) => Effect.exit(one(streamId, item))),
          ),
        ),
    })

    /** Decides one command on its stream, in the caller's transaction if there is one. */
    const execute = (
      command: Command,
      actor: Actor,
    ): Effect.Effect<CommandResult<S["Type"], State>, Err> =>
      Effect.gen(function* () {
        const item = { command, metadata: yield* eventMetadata(actor) }
        const streamId = options.streamOf(command)
        const inTransaction = Option.isSome(
          yield* Effect.serviceOption(SqlClient.TransactionConnection),
        )
        if (!inTransaction) return yield* group.submit(streamId, item)
        return yield* one(streamId, item)
      })

    /** The stream's state as its events say now, without holding it. */
    const load = (streamId: string) =>
      Effect.map(loadAggregate({ ...options, streamId }), (loaded) => loaded.state).pipe(
        Effect.provideService(EventStore, store),
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.orDie,
      )

    return { execute, load }
  })
