import { expect } from "@effect/vitest"
import { Data, Deferred, Effect, Either, Fiber, Schema } from "effect"
import { v5 as uuidv5 } from "uuid"
import { makeCommandQueue } from "./command-queue.ts"
import { Actors } from "./contracts/actor.ts"
import type { Decider } from "./decider.ts"
import { handleCommand } from "./handle-command.ts"
import { EventStore } from "./store/index.ts"
import { describeWithDatabase, query } from "./testing.ts"

// A ticket office: tickets come in, each buyer takes one, never more than there are.
class TicketsAdded extends Schema.TaggedClass<TicketsAdded>()("TicketsAdded", {
  tickets: Schema.Int,
}) {}
class TicketSold extends Schema.TaggedClass<TicketSold>()("TicketSold", { to: Schema.String }) {}
const TicketEvent = Schema.Union(TicketsAdded, TicketSold)
type TicketEvent = typeof TicketEvent.Type

type TicketCommand =
  | { readonly _tag: "Add"; readonly office: string; readonly tickets: number }
  | { readonly _tag: "Sell"; readonly office: string; readonly to: string }
class SoldOut extends Data.TaggedError("SoldOut") {}
class AlreadySold extends Data.TaggedError("AlreadySold")<{ readonly to: string }> {}

const Office = Schema.Struct({ left: Schema.Int, buyers: Schema.Array(Schema.String) })
type Office = typeof Office.Type

/** Remembers only its last two buyers, so a repeat past them is refused by the event ids alone. */
const office: Decider<TicketCommand, TicketEvent, Office, SoldOut | AlreadySold> = {
  initialState: { left: 0, buyers: [] },
  evolve: (state, event) =>
    event._tag === "TicketsAdded"
      ? { ...state, left: state.left + event.tickets }
      : { left: state.left - 1, buyers: [...state.buyers.slice(-1), event.to] },
  decide: (command, state) => {
    if (command._tag === "Add") return Either.right([new TicketsAdded(command)])
    if (state.buyers.includes(command.to)) return Either.left(new AlreadySold({ to: command.to }))
    if (state.left === 0) return Either.left(new SoldOut())
    return Either.right([new TicketSold({ to: command.to })])
  },
}

const namespace = "6f1e8a52-3c1d-4b7a-9e2f-0a1b2c3d4e5f"
const streamOf = (command: TicketCommand) => `office-${command.office}`
const queue = makeCommandQueue({
  decider: office,
  events: TicketEvent,
  streamOf,
  snapshot: { schema: Office, shape: 1, every: 1 },
  eventId: (command, i) =>
    uuidv5(`${streamOf(command)}/${command._tag === "Sell" ? command.to : "add"}/${i}`, namespace),
  repeated: (command) => new AlreadySold({ to: command._tag === "Sell" ? command.to : "" }),
})
const actor = Actors.system("test")
const sold = (streamId: string) =>
  Effect.map(
    query<{ n: number }>(
      "select count(*)::int as n from events where stream_id = $1 and type = 'TicketSold'",
      [streamId],
    ),
    ([row]) => row?.n,
  )

describeWithDatabase({ maxConnections: 30 })("a command queue", (it) => {
  it.scoped("100 buyers at once for 10 tickets: exactly 10 sold, in few transactions", () =>
    Effect.gen(function* () {
      const tickets = yield* queue
      const name = crypto.randomUUID()
      yield* tickets.execute({ _tag: "Add", office: name, tickets: 10 }, actor)
      const outcomes = yield* Effect.all(
        Array.from({ length: 100 }, (_, i) =>
          Effect.either(tickets.execute({ _tag: "Sell", office: name, to: `b${i}` }, actor)),
        ),
        { concurrency: "unbounded" },
      )
      expect(outcomes.filter(Either.isRight)).toHaveLength(10)
      expect(new Set(outcomes.filter(Either.isLeft).map((o) => o.left._tag))).toEqual(
        new Set(["SoldOut"]),
      )
      expect(yield* sold(`office-${name}`)).toBe(10)
      expect((yield* tickets.load(`office-${name}`)).left).toBe(0)
      // Group commit: the sales went in far fewer transactions than there were buyers.
      const [row] = yield* query<{ n: number }>(
        "select count(distinct transaction_id)::int as n from events where stream_id = $1",
        [`office-${name}`],
      )
      expect(row!.n).toBeLessThan(10)
    }),
  )

  it.scoped("inside callers' transactions: commands hold the stream and commit with them", () =>
    Effect.gen(function* () {
      const tickets = yield* queue
      const store = yield* EventStore
      const name = crypto.randomUUID()
      yield* tickets.execute({ _tag: "Add", office: name, tickets: 3 }, actor)
      const outcomes = yield* Effect.all(
        Array.from({ length: 20 }, (_, i) =>
          Effect.either(
            store.transaction(
              Effect.zipRight(
                tickets.execute({ _tag: "Sell", office: name, to: `b${i}` }, actor),
                i % 2 === 0 ? Effect.void : Effect.fail("the caller failed" as const),
              ),
            ),
          ),
        ),
        { concurrency: "unbounded" },
      )
      // Odd callers fail after selling: their sales roll back with them.
      expect(outcomes.filter(Either.isRight)).toHaveLength(3)
      expect(yield* sold(`office-${name}`)).toBe(3)
    }),
  )

  it.scoped(
    "a repeat the state forgot is refused by its ids, and a batch holding it is taken apart",
    () =>
      Effect.gen(function* () {
        const tickets = yield* queue
        const name = crypto.randomUUID()
        yield* tickets.execute({ _tag: "Add", office: name, tickets: 10 }, actor)
        for (const to of ["ada", "bob", "cy"]) {
          yield* tickets.execute({ _tag: "Sell", office: name, to }, actor)
        }
        const outcomes = yield* Effect.all(
          ["dee", "ada", "eve"].map((to) =>
            Effect.either(tickets.execute({ _tag: "Sell", office: name, to }, actor)),
          ),
          { concurrency: "unbounded" },
        )
        expect(outcomes.map((o) => (Either.isRight(o) ? "ok" : o.left._tag))).toEqual([
          "ok",
          "AlreadySold",
          "ok",
        ])
        expect(yield* sold(`office-${name}`)).toBe(5)
      }),
  )
})

describeWithDatabase({ maxConnections: 10 })("a held stream", (it) => {
  it.scoped(
    "is decided on the snapshot its previous holder left, not one read before the wait",
    () =>
      Effect.gen(function* () {
        const tickets = yield* queue
        const store = yield* EventStore
        const name = crypto.randomUUID()
        const streamId = `office-${name}`
        yield* tickets.execute({ _tag: "Add", office: name, tickets: 10 }, actor)
        const holding = yield* Deferred.make<void>()
        // The first holder sells one and leaves a snapshot no fold of the events would give, then commits.
        const first = yield* Effect.fork(
          store.transaction(
            Effect.gen(function* () {
              yield* tickets.execute({ _tag: "Sell", office: name, to: "ada" }, actor)
              yield* query(
                `update snapshots set state = '{"left": 100, "buyers": ["ada"]}' where stream_id = $1`,
                [streamId],
              )
              yield* Deferred.succeed(holding, undefined)
              yield* Effect.sleep("300 millis")
            }),
          ),
        )
        yield* Deferred.await(holding)
        const second = yield* tickets.execute({ _tag: "Sell", office: name, to: "bob" }, actor)
        yield* Fiber.join(first)
        // Read after the wait, the snapshot is the first holder's (100 left, so 99 now); read before it, the
        // snapshot would be one version old and the fold of the tail would give 8.
        expect(second.state.left).toBe(99)
      }),
  )
})

describeWithDatabase()("a log's command", (it) => {
  it.effect("appends without reading the stream, whatever its version", () =>
    Effect.gen(function* () {
      const streamId = `log-${crypto.randomUUID()}`
      const log: Decider<{ to: string }, TicketEvent, null, never> = {
        initialState: null,
        evolve: () => null,
        decide: (command) => Either.right([new TicketSold(command)]),
      }
      const write = (to: string) =>
        handleCommand({
          decider: log,
          events: TicketEvent,
          streamId,
          command: { to },
          metadata: { actor, correlationId: "log" },
          concurrency: "none",
        })
      const written = yield* Effect.all(["a", "b", "c", "d"].map(write), {
        concurrency: "unbounded",
      })
      expect(written.map((w) => w.appended?.version).sort()).toEqual([1, 2, 3, 4])
      expect(yield* sold(streamId)).toBe(4)
    }),
  )
})
