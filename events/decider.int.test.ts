import { describe, expect, it } from "@effect/vitest"
import { Data, Effect, Either, Schema } from "effect"
import { Actors } from "./contracts/actor.ts"
import { type Decider, loadAggregate } from "./decider.ts"
import { handleCommand } from "./handle-command.ts"
import { EventStore } from "./store/index.ts"
import { describeWithDatabase, given, query } from "./testing.ts"

// A small aggregate for testing the machinery: a stock of seats that can be reserved, never oversold.
class SeatsAdded extends Schema.TaggedClass<SeatsAdded>()("SeatsAdded", { seats: Schema.Int }) {}
class SeatReserved extends Schema.TaggedClass<SeatReserved>()("SeatReserved", {
  by: Schema.String,
}) {}
const SeatEvent = Schema.Union(SeatsAdded, SeatReserved)
type SeatEvent = typeof SeatEvent.Type

type SeatCommand =
  | { readonly _tag: "AddSeats"; readonly seats: number }
  | { readonly _tag: "Reserve"; readonly by: string }
class SoldOut extends Data.TaggedError("SoldOut")<{ readonly reserved: number }> {}

const seats: Decider<SeatCommand, SeatEvent, { free: number; reserved: number }, SoldOut> = {
  initialState: { free: 0, reserved: 0 },
  evolve: (state, event) => {
    switch (event._tag) {
      case "SeatsAdded":
        return { ...state, free: state.free + event.seats }
      case "SeatReserved":
        return { free: state.free - 1, reserved: state.reserved + 1 }
    }
  },
  decide: (command, state) => {
    switch (command._tag) {
      case "AddSeats":
        return Either.right([new SeatsAdded({ seats: command.seats })])
      case "Reserve":
        return state.free > 0
          ? Either.right([new SeatReserved({ by: command.by })])
          : Either.left(new SoldOut({ reserved: state.reserved }))
    }
  },
}

const metadata = { actor: Actors.system("test"), correlationId: "seats" }
const run = (streamId: string, command: SeatCommand, concurrency?: "exclusive") =>
  handleCommand({ decider: seats, events: SeatEvent, streamId, command, metadata, concurrency })

describe("given/when/then", () => {
  it("reads like the domain", () => {
    given(seats, [new SeatsAdded({ seats: 1 })])
      .when({ _tag: "Reserve", by: "ada" })
      .thenEmits([new SeatReserved({ by: "ada" })])
    given(seats, [new SeatsAdded({ seats: 1 }), new SeatReserved({ by: "ada" })])
      .when({ _tag: "Reserve", by: "bob" })
      .thenFails("SoldOut", { reserved: 1 })
  })
})

describeWithDatabase({ maxConnections: 30 })("handleCommand", (it) => {
  it.effect("loads, decides, appends and returns the new state", () =>
    Effect.gen(function* () {
      const stream = `seats-${crypto.randomUUID()}`
      yield* run(stream, { _tag: "AddSeats", seats: 2 })
      const result = yield* run(stream, { _tag: "Reserve", by: "ada" })
      expect(result.state).toEqual({ free: 1, reserved: 1 })
      expect(result.appended?.version).toBe(2)
      const refused = yield* Effect.either(
        run(stream, { _tag: "Reserve", by: "x" }).pipe(
          Effect.zipRight(run(stream, { _tag: "Reserve", by: "y" })),
        ),
      )
      expect(Either.isLeft(refused) && refused.left._tag).toBe("SoldOut")
    }),
  )

  it.effect("optimistic: 30 concurrent reservations of 10 seats, exactly 10 succeed", () =>
    Effect.gen(function* () {
      const stream = `seats-${crypto.randomUUID()}`
      yield* run(stream, { _tag: "AddSeats", seats: 10 })
      const outcomes = yield* Effect.all(
        Array.from({ length: 30 }, (_, i) =>
          Effect.either(
            handleCommand({
              decider: seats,
              events: SeatEvent,
              streamId: stream,
              command: { _tag: "Reserve", by: `u${i}` },
              metadata,
              maxAttempts: 60,
            }),
          ),
        ),
        { concurrency: "unbounded" },
      )
      expect(outcomes.filter(Either.isRight)).toHaveLength(10)
      expect(outcomes.filter((o) => Either.isLeft(o) && o.left._tag === "SoldOut")).toHaveLength(20)
    }),
  )

  it.effect(
    "exclusive: 50 concurrent reservations of 10 seats inside transactions, exactly 10 succeed",
    () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const stream = `seats-${crypto.randomUUID()}`
        yield* run(stream, { _tag: "AddSeats", seats: 10 })
        const outcomes = yield* Effect.all(
          Array.from({ length: 50 }, (_, i) =>
            Effect.either(
              store.transaction(run(stream, { _tag: "Reserve", by: `u${i}` }, "exclusive")),
            ),
          ),
          { concurrency: "unbounded" },
        )
        expect(outcomes.filter(Either.isRight)).toHaveLength(10)
        const [row] = yield* query<{ n: number }>(
          "select count(*)::int as n from events where stream_id = $1 and type = 'SeatReserved'",
          [stream],
        )
        expect(row?.n).toBe(10)
      }),
  )

  it.effect("an event the schema cannot read fails loudly with UndecodableEvent", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const stream = `seats-${crypto.randomUUID()}`
      yield* store.append(stream, "any", [
        {
          eventId: crypto.randomUUID(),
          type: "SeatsAdded",
          schemaVersion: 1,
          data: { _tag: "SeatsAdded", seats: "many" },
          metadata,
        },
      ])
      const outcome = yield* Effect.either(run(stream, { _tag: "Reserve", by: "ada" }))
      expect(Either.isLeft(outcome) && outcome.left).toMatchObject({
        _tag: "UndecodableEvent",
        type: "SeatsAdded",
        streamId: stream,
      })
    }),
  )

  describe("snapshots", () => {
    const SeatsState = Schema.Struct({ free: Schema.Int, reserved: Schema.Int })
    const policy = { schema: SeatsState, shape: 1, every: 3 }
    const withSnapshots = (streamId: string, command: SeatCommand) =>
      handleCommand({
        decider: seats,
        events: SeatEvent,
        streamId,
        command,
        metadata,
        snapshot: policy,
      })
    const snapshotOf = (streamId: string) =>
      Effect.map(
        query<{ version: number; state: unknown }>(
          "select version, state from snapshots where stream_id = $1",
          [streamId],
        ),
        ([row]) => row,
      )

    it.effect("a snapshot is taken every few versions, and loading starts from it", () =>
      Effect.gen(function* () {
        const stream = `seats-${crypto.randomUUID()}`
        yield* withSnapshots(stream, { _tag: "AddSeats", seats: 10 })
        for (let i = 0; i < 6; i++) yield* withSnapshots(stream, { _tag: "Reserve", by: `u${i}` })
        expect(yield* snapshotOf(stream)).toEqual({ version: 6, state: { free: 5, reserved: 5 } })
        const loaded = yield* loadAggregate({
          decider: seats,
          events: SeatEvent,
          streamId: stream,
          snapshot: policy,
        })
        expect(loaded).toEqual({ state: { free: 4, reserved: 6 }, version: 7 })
        // Proof that the snapshot is read rather than the whole history: a doctored one shows through.
        yield* query(
          `update snapshots set state = '{"free": 100, "reserved": 0}' where stream_id = $1`,
          [stream],
        )
        const doctored = yield* loadAggregate({
          decider: seats,
          events: SeatEvent,
          streamId: stream,
          snapshot: policy,
        })
        expect(doctored.state).toEqual({ free: 99, reserved: 1 })
      }),
    )

    it.effect("a snapshot of another shape, or one that does not decode, is ignored", () =>
      Effect.gen(function* () {
        const stream = `seats-${crypto.randomUUID()}`
        yield* withSnapshots(stream, { _tag: "AddSeats", seats: 3 })
        for (let i = 0; i < 2; i++) yield* withSnapshots(stream, { _tag: "Reserve", by: `u${i}` })
        const truth = { state: { free: 1, reserved: 2 }, version: 3 }
        const load = (shape: number) =>
          loadAggregate({
            decider: seats,
            events: SeatEvent,
            streamId: stream,
            snapshot: { ...policy, shape },
          })
        yield* query(
          `update snapshots set state = '{"free": 100, "reserved": 0}' where stream_id = $1`,
          [stream],
        )
        expect(yield* load(2)).toEqual(truth)
        yield* query(`update snapshots set state = '{"free": "lots"}' where stream_id = $1`, [
          stream,
        ])
        expect(yield* load(1)).toEqual(truth)
      }),
    )

    it.effect("a snapshot taken in a transaction that fails goes with it", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const stream = `seats-${crypto.randomUUID()}`
        yield* withSnapshots(stream, { _tag: "AddSeats", seats: 5 })
        yield* withSnapshots(stream, { _tag: "Reserve", by: "a" })
        const failed = yield* Effect.either(
          store.transaction(
            Effect.zipRight(
              withSnapshots(stream, { _tag: "Reserve", by: "b" }),
              Effect.fail("later failure" as const),
            ),
          ),
        )
        expect(Either.isLeft(failed)).toBe(true)
        expect(yield* snapshotOf(stream)).toBeUndefined()
        expect(yield* store.streamVersion(stream)).toBe(2)
      }),
    )
  })
})
