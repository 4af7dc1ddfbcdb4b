import type { SqlClient } from "@effect/sql"
import { Data, Effect, Either, Schedule, Schema } from "effect"
import { v7 as uuidv7 } from "uuid"
import type { Actor } from "./contracts/actor.ts"
import type { EventMetadata } from "./contracts/metadata.ts"
import {
  type Aggregate,
  type Decider,
  fold,
  loadAggregate,
  type SnapshotPolicy,
} from "./decider.ts"
import { eventMetadata } from "./request-context.ts"
import {
  type AppendError,
  type AppendResult,
  EventIdConflict,
  type EventSchema,
  EventStore,
  makeSnapshots,
  type NewEvent,
  toNewEvent,
  UndecodableEvent,
  WrongExpectedVersion,
} from "./store/index.ts"

/** How a decider's commands are written: the same for one command and for a batch. */
export interface CommandOptions<Command, S extends EventSchema, State, Err> {
  readonly decider: Decider<Command, S["Type"], State, Err>
  /** The schema of every event the stream may hold. */
  readonly events: S
  readonly snapshot?: SnapshotPolicy<State> | undefined
  /** Deterministic event ids make a repeated command idempotent; random v7 ids otherwise. */
  readonly eventId?: ((command: Command, index: number) => string) | undefined
  /**
   * What a command is refused with when its events are stored already but the state no longer remembers
   * them (deterministic ids only). Without it, the repeat is answered as done.
   */
  readonly repeated?: ((command: Command) => Err) | undefined
  readonly maxAttempts?: number | undefined
}

export interface HandleCommandOptions<Command, S extends EventSchema, State, Err>
  extends CommandOptions<Command, S, State, Err> {
  readonly streamId: string
  readonly command: Command
  readonly metadata: EventMetadata
  /**
   * - "optimistic" (default): read, decide, append at the version read; on a conflict reload and retry.
   * - "exclusive": hold the stream's row while deciding, for streams many writers hit at once.
   * - "none": the decision needs no state (a log such as sign-ins or error reports): nothing is read and
   *   the events are appended at whatever version the stream has.
   */
  readonly concurrency?: "optimistic" | "exclusive" | "none" | undefined
}

export interface CommandResult<Event, State> {
  readonly events: ReadonlyArray<Event>
  readonly state: State
  /** Absent when the command produced no events. */
  readonly appended: AppendResult | undefined
}

export interface Submitted<Command> {
  readonly command: Command
  readonly metadata: EventMetadata
}

/**
 * What a service's writing function returns: it records events with the store and the SQL client of the
 * request that calls it, so the events commit with whatever else that request records in its transaction.
 */
export type Writes<A, E = never> = Effect.Effect<A, E, EventStore | SqlClient.SqlClient>

/** A batch repeated a command stored long ago: its commands are then decided one by one. */
export class RepeatedInBatch extends Data.TaggedError("RepeatedInBatch") {}

type Decided<Event, State, Err> = Either.Either<Omit<CommandResult<Event, State>, "appended">, Err>

/** Decides commands in order, each against the state the previous ones left. */
const decideInOrder = <Command, S extends EventSchema, State, Err>(
  options: CommandOptions<Command, S, State, Err>,
  initial: State,
  items: ReadonlyArray<Submitted<Command>>,
) => {
  const encode = toNewEvent(options.events)
  const eventId = options.eventId ?? (() => uuidv7())
  let state = initial
  const appending: Array<NewEvent> = []
  const results = items.map(({ command, metadata }): Decided<S["Type"], State, Err> => {
    const decision = options.decider.decide(command, state)
    if (Either.isLeft(decision)) return Either.left(decision.left)
    const events = decision.right
    events.forEach((event, i) => {
      appending.push(encode(event, metadata, eventId(command, i)))
    })
    state = fold({ initialState: state, evolve: options.decider.evolve }, events)
    return Either.right({ events, state })
  })
  return { results, appending, state }
}

const withAppended = <Event, State, Err>(
  results: ReadonlyArray<Decided<Event, State, Err>>,
  appended: AppendResult | undefined,
) => results.map(Either.map((result): CommandResult<Event, State> => ({ ...result, appended })))

/** Takes a snapshot when the append carried the stream past a multiple of the policy's interval. */
const snapshotAfter = <State>(
  policy: SnapshotPolicy<State> | undefined,
  streamId: string,
  before: Aggregate<State>,
  after: AppendResult,
  state: State,
) =>
  policy && Math.floor(after.version / policy.every) > Math.floor(before.version / policy.every)
    ? Effect.flatMap(makeSnapshots, (snapshots) =>
        snapshots.save(streamId, {
          version: after.version,
          shape: policy.shape,
          state: Schema.encodeSync(policy.schema)(state),
        }),
      )
    : Effect.void

/**
 * Decides commands on one stream while holding its row, and appends all their events at once, in the
 * caller's transaction when there is one (so they commit with whatever the caller records). Only a stream's
 * first append can meet a conflict here (there is no row to hold yet); it is decided again.
 */
export const decideHeld = <Command, S extends EventSchema, State, Err>(
  options: CommandOptions<Command, S, State, Err>,
  streamId: string,
  items: ReadonlyArray<Submitted<Command>>,
): Effect.Effect<
  ReadonlyArray<Either.Either<CommandResult<S["Type"], State>, Err>>,
  RepeatedInBatch | UndecodableEvent,
  EventStore | SqlClient.SqlClient
> =>
  Effect.flatMap(EventStore, (store) =>
    store.transaction(
      Effect.gen(function* () {
        for (let attempt = 1; ; attempt++) {
          const loaded = yield* loadAggregate({ ...options, streamId, lock: true })
          const round = decideInOrder(options, loaded.state, items)
          if (round.appending.length === 0) return withAppended(round.results, undefined)
          const expected = loaded.version === 0 ? "no_stream" : loaded.version
          const appended = yield* Effect.either(store.append(streamId, expected, round.appending))
          if (Either.isLeft(appended)) {
            const again = appended.left instanceof WrongExpectedVersion
            if (again && attempt < (options.maxAttempts ?? 5)) continue
            return yield* Effect.die(appended.left)
          }
          if (appended.right.duplicate) {
            if (items.length > 1) return yield* Effect.fail(new RepeatedInBatch())
            const refusal = options.repeated?.(items[0]!.command)
            if (refusal !== undefined) return [Either.left(refusal)]
            return withAppended(round.results, appended.right)
          }
          yield* snapshotAfter(options.snapshot, streamId, loaded, appended.right, round.state)
          return withAppended(round.results, appended.right)
        }
      }),
    ),
  )

/** Read, decide, append at the version read; a conflict means another writer won: decide again. */
const decideOptimistically = <Command, S extends EventSchema, State, Err>(
  options: HandleCommandOptions<Command, S, State, Err>,
) => {
  const { streamId, command, metadata } = options
  const attempt = Effect.gen(function* () {
    const store = yield* EventStore
    const loaded =
      options.concurrency === "none"
        ? { state: options.decider.initialState, version: 0 }
        : yield* loadAggregate(options)
    const round = decideInOrder(options, loaded.state, [{ command, metadata }])
    const decided = round.results[0]!
    if (Either.isLeft(decided)) return yield* Effect.fail(decided.left)
    if (round.appending.length === 0) return { ...decided.right, appended: undefined }
    const expected = options.concurrency === "none" ? "any" : loaded.version
    const appended = yield* store.append(streamId, expected, round.appending)
    const refusal = appended.duplicate ? options.repeated?.(command) : undefined
    if (refusal !== undefined) return yield* Effect.fail(refusal)
    if (options.concurrency !== "none") {
      yield* snapshotAfter(options.snapshot, streamId, loaded, appended, round.state)
    }
    return { ...decided.right, appended }
  })
  return attempt.pipe(
    Effect.retry({
      while: (error) => error instanceof WrongExpectedVersion,
      times: (options.maxAttempts ?? 5) - 1,
      schedule: Schedule.jittered(Schedule.exponential("5 millis")),
    }),
  )
}

/** Load the stream, fold it, decide, append: the one way a command becomes events. */
export const handleCommand = <Command, S extends EventSchema, State, Err>(
  options: HandleCommandOptions<Command, S, State, Err>,
): Effect.Effect<
  CommandResult<S["Type"], State>,
  Err | AppendError | UndecodableEvent,
  EventStore | SqlClient.SqlClient
> => {
  const decided =
    options.concurrency === "exclusive"
      ? decideHeld(options, options.streamId, [options]).pipe(
          Effect.catchTag("RepeatedInBatch", Effect.die),
          Effect.flatMap(([result]) => result!),
        )
      : decideOptimistically(options)
  return decided.pipe(
    Effect.withSpan("handleCommand", { attributes: { streamId: options.streamId } }),
  )
}

/** The store's own failures, which no caller can act on: defects once `handleCommand` has retried. */
const isStoreFailure = (error: unknown): error is AppendError | UndecodableEvent =>
  error instanceof WrongExpectedVersion ||
  error instanceof EventIdConflict ||
  error instanceof UndecodableEvent

/**
 * `handleCommand` as a module's service runs it: metadata from the actor and the current request, and
 * the store's failures turned into defects, so only the decider's refusals remain typed.
 */
export const runCommand = <Command, S extends EventSchema, State, Err>(
  options: Omit<HandleCommandOptions<Command, S, State, Err>, "metadata"> & {
    readonly actor: Actor
  },
) =>
  Effect.flatMap(eventMetadata(options.actor), (metadata) =>
    handleCommand({ ...options, metadata }),
  ).pipe(Effect.catchIf(isStoreFailure, Effect.die))
