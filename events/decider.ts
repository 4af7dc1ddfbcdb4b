import { SqlClient } from "@effect/sql"
import { Effect, Either, Schedule, Schema } from "effect"
import { v7 as uuidv7 } from "uuid"
import type { Actor } from "./contracts/actor.ts"
import type { EventMetadata } from "./contracts/metadata.ts"
import { eventMetadata } from "./request-context.ts"
import {
  type AppendError,
  type AppendResult,
  decodeAll,
  EventIdConflict,
  type EventSchema,
  EventStore,
  type ExpectedVersion,
  makeSnapshots,
  toNewEvent,
  UndecodableEvent,
  WrongExpectedVersion,
} from "./store/index.ts"

/**
 * A decider is the whole of an aggregate's behaviour as three pure things: where a stream starts, how each
 * event changes its state, and which events (or which refusal) a command produces from that state.
 * Time, ids and the actor come in on the command; `decide` reads no clock.
 */
export interface Decider<Command, Event, State, Err> {
  readonly initialState: State
  readonly evolve: (state: State, event: Event) => State
  readonly decide: (command: Command, state: State) => Either.Either<ReadonlyArray<Event>, Err>
}

export const fold = <Event, State>(
  decider: Pick<Decider<never, Event, State, never>, "initialState" | "evolve">,
  events: Iterable<Event>,
): State => {
  let state = decider.initialState
  for (const event of events) state = decider.evolve(state, event)
  return state
}

/** How a decider's state is kept in snapshots, for streams long enough to be worth it. */
export interface SnapshotPolicy<State> {
  // biome-ignore lint/suspicious/noExplicitAny: the encoded side is whatever JSON the schema makes
  readonly schema: Schema.Schema<State, any>
  /** Raise it when `evolve` or the state change: snapshots of another shape are not read. */
  readonly shape: number
  /** A snapshot is taken each time the stream's version passes a multiple of this. */
  readonly every: number
}

export interface LoadOptions<S extends EventSchema, State> {
  readonly decider: Pick<Decider<never, S["Type"], State, never>, "initialState" | "evolve">
  readonly events: S
  readonly streamId: string
  readonly snapshot?: SnapshotPolicy<State> | undefined
}

/** A stream's state and version now: from its snapshot on when it has a usable one, else from the start. */
export const loadAggregate = <S extends EventSchema, State>(options: LoadOptions<S, State>) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    let start = { state: options.decider.initialState, version: 0 }
    const policy = options.snapshot
    if (policy) {
      const snapshot = yield* (yield* makeSnapshots).load(options.streamId)
      if (snapshot && snapshot.shape === policy.shape) {
        const state = Schema.decodeUnknownOption(policy.schema)(snapshot.state)
        if (state._tag === "Some") start = { state: state.value, version: snapshot.version }
      }
    }
    const recorded = yield* store.readStream(options.streamId, { fromVersion: start.version + 1 })
    const history = yield* decodeAll(options.events)(recorded)
    return {
      state: fold(
        { initialState: start.state, evolve: options.decider.evolve },
        history.map((h) => h.event),
      ),
      version: recorded.at(-1)?.streamVersion ?? start.version,
    }
  })

export interface HandleCommandOptions<Command, S extends EventSchema, State, Err> {
  readonly decider: Decider<Command, S["Type"], State, Err>
  /** The schema of every event the stream may hold. */
  readonly events: S
  readonly streamId: string
  readonly command: Command
  readonly metadata: EventMetadata
  /**
   * "optimistic" (default): read, decide, append at the version read; on a conflict reload and retry.
   * "exclusive": lock the stream row first, for streams many writers hit at once; it must run in a transaction.
   */
  readonly concurrency?: "optimistic" | "exclusive" | undefined
  readonly maxAttempts?: number | undefined
  /** Deterministic event ids make a retried command idempotent; random v7 ids otherwise. */
  readonly eventId?: ((index: number) => string) | undefined
  readonly snapshot?: SnapshotPolicy<State> | undefined
}

export interface CommandResult<Event, State> {
  readonly events: ReadonlyArray<Event>
  readonly state: State
  /** Absent when the command produced no events. */
  readonly appended: AppendResult | undefined
}

/** Load the stream, fold it, decide, append at the version read; retry a bounded number of times on conflict. */
export const handleCommand = <Command, S extends EventSchema, State, Err>(
  options: HandleCommandOptions<Command, S, State, Err>,
): Effect.Effect<
  CommandResult<S["Type"], State>,
  Err | AppendError | UndecodableEvent,
  EventStore | SqlClient.SqlClient
> => {
  const { decider, streamId, command, metadata } = options
  const encode = toNewEvent(options.events)
  const eventId = options.eventId ?? (() => uuidv7())

  const attempt = Effect.gen(function* () {
    const store = yield* EventStore
    if (options.concurrency === "exclusive") {
      const sql = yield* SqlClient.SqlClient
      yield* sql`select 1 from event_streams where stream_id = ${streamId} for update`.pipe(
        Effect.orDie,
      )
    }
    const { state, version } = yield* loadAggregate(options)
    const events = yield* Either.match(decider.decide(command, state), {
      onLeft: (error) => Effect.fail(error),
      onRight: (events) => Effect.succeed(events),
    })
    if (events.length === 0) return { events, state, appended: undefined }
    const expected: ExpectedVersion = version
    const appended = yield* store.append(
      streamId,
      expected,
      events.map((event, i) => encode(event, metadata, eventId(i))),
    )
    const after = fold({ initialState: state, evolve: decider.evolve }, events)
    const policy = options.snapshot
    if (
      policy &&
      Math.floor(appended.version / policy.every) > Math.floor(version / policy.every)
    ) {
      const snapshots = yield* makeSnapshots
      yield* snapshots.save(streamId, {
        version: appended.version,
        shape: policy.shape,
        state: Schema.encodeSync(policy.schema)(after),
      })
    }
    return { events, state: after, appended }
  })

  return attempt.pipe(
    Effect.retry({
      while: (error) => error instanceof WrongExpectedVersion,
      times: (options.maxAttempts ?? 5) - 1,
      schedule: Schedule.jittered(Schedule.exponential("5 millis")),
    }),
    Effect.withSpan("handleCommand", { attributes: { streamId } }),
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
