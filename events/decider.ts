import { Effect, type Either, Schema } from "effect"
import {
  decodeAll,
  type EventSchema,
  EventStore,
  makeSnapshots,
  type StreamHead,
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
  /** Hold the stream's row until the transaction ends: commands on it then queue instead of conflicting. */
  readonly lock?: boolean | undefined
}

export interface Aggregate<State> {
  readonly state: State
  readonly version: number
}

/** Where folding starts: the snapshot when it is usable, else the stream's start. */
const startOf = <State>(
  initialState: State,
  head: StreamHead | undefined,
  policy: SnapshotPolicy<State> | undefined,
): Aggregate<State> => {
  const snapshot = head?.snapshot
  if (!policy || !snapshot || snapshot.shape !== policy.shape)
    return { state: initialState, version: 0 }
  if (snapshot.version > head.version) return { state: initialState, version: 0 }
  const state = Schema.decodeUnknownOption(policy.schema)(snapshot.state)
  return state._tag === "Some"
    ? { state: state.value, version: snapshot.version }
    : { state: initialState, version: 0 }
}

/** A stream's state and version now: from its snapshot on when it has a usable one, else from the start. */
export const loadAggregate = <S extends EventSchema, State>(options: LoadOptions<S, State>) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const head =
      options.snapshot || options.lock
        ? yield* (yield* makeSnapshots).head(options.streamId, options.lock ?? false)
        : undefined
    const start = startOf(options.decider.initialState, head, options.snapshot)
    // The stream's version is known from its head: nothing past the snapshot means nothing to read.
    if (head && head.version === start.version) return start
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
