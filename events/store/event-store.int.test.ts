import { describe, expect } from "@effect/vitest"
import { Deferred, Effect, Either, Fiber } from "effect"
import { Actors } from "../contracts/actor.ts"
import { describeWithDatabase, query } from "../testing.ts"
import { awaitCommittedReadable } from "./committed-reads.ts"
import { EventStore } from "./event-store.ts"
import type { ExpectedVersion } from "./expected-version.ts"
import { Position } from "./position.ts"
import type { NewEvent } from "./recorded-event.ts"

const metadata = { actor: Actors.system("test"), correlationId: "c-1" }
const event = (type = "Happened", data: object = { n: 1 }): NewEvent => ({
  eventId: crypto.randomUUID(),
  type,
  schemaVersion: 1,
  data: { _tag: type, ...data },
  metadata,
})
const stream = () => `test-${crypto.randomUUID()}`

const appendOutcome = (streamId: string, expected: ExpectedVersion, events = [event()]) =>
  Effect.flatMap(EventStore, (store) => Effect.either(store.append(streamId, expected, events)))

describeWithDatabase()("event store", (it) => {
  describe("expected versions", () => {
    it.effect("any: creates a stream and appends to an existing one", () =>
      Effect.gen(function* () {
        const id = stream()
        const first = yield* appendOutcome(id, "any")
        const second = yield* appendOutcome(id, "any", [event(), event()])
        expect(Either.getOrThrow(first).version).toBe(1)
        expect(Either.getOrThrow(second).version).toBe(3)
      }),
    )

    it.effect(
      "no_stream: accepted for a new stream, rejected with the real version for an existing one",
      () =>
        Effect.gen(function* () {
          const id = stream()
          expect(Either.isRight(yield* appendOutcome(id, "no_stream", [event(), event()]))).toBe(
            true,
          )
          const again = yield* appendOutcome(id, "no_stream")
          expect(Either.isLeft(again) && again.left).toMatchObject({
            _tag: "WrongExpectedVersion",
            streamId: id,
            actual: 2,
          })
        }),
    )

    it.effect("stream_exists: rejected for a missing stream, accepted for an existing one", () =>
      Effect.gen(function* () {
        const id = stream()
        const missing = yield* appendOutcome(id, "stream_exists")
        expect(Either.isLeft(missing) && missing.left).toMatchObject({
          _tag: "WrongExpectedVersion",
          actual: 0,
        })
        yield* appendOutcome(id, "any")
        expect(Either.getOrThrow(yield* appendOutcome(id, "stream_exists")).version).toBe(2)
      }),
    )

    it.effect("exact: accepted at the current version, rejected at a stale or future one", () =>
      Effect.gen(function* () {
        const id = stream()
        expect(Either.getOrThrow(yield* appendOutcome(id, 0)).version).toBe(1)
        expect(Either.getOrThrow(yield* appendOutcome(id, 1)).version).toBe(2)
        const stale = yield* appendOutcome(id, 1)
        expect(Either.isLeft(stale) && stale.left).toMatchObject({
          _tag: "WrongExpectedVersion",
          actual: 2,
        })
        const future = yield* appendOutcome(id, 7)
        expect(Either.isLeft(future) && future.left).toMatchObject({
          _tag: "WrongExpectedVersion",
          actual: 2,
        })
        const zeroOnExisting = yield* appendOutcome(id, 0)
        expect(Either.isLeft(zeroOnExisting)).toBe(true)
        const store = yield* EventStore
        expect((yield* store.readStream(id)).map((e) => e.streamVersion)).toEqual([1, 2])
      }),
    )

    it.effect("16 concurrent no_stream creators: exactly one wins", () =>
      Effect.gen(function* () {
        const id = stream()
        const outcomes = yield* Effect.all(
          Array.from({ length: 16 }, () => appendOutcome(id, "no_stream")),
          { concurrency: "unbounded" },
        )
        expect(outcomes.filter(Either.isRight)).toHaveLength(1)
        const store = yield* EventStore
        expect(yield* store.readStream(id)).toHaveLength(1)
      }),
    )

    it.effect(
      "16 writers on one stream with exact versions: no gap, no duplicate, every append lands",
      () =>
        Effect.gen(function* () {
          const id = stream()
          const store = yield* EventStore
          const writer = (w: number) =>
            Effect.forEach(
              Array.from({ length: 10 }, (_, i) => i),
              (i) => {
                const attempt: Effect.Effect<number> = Effect.gen(function* () {
                  const version = yield* store.streamVersion(id)
                  const result = yield* Effect.either(
                    store.append(id, version, [event("Written", { w, i })]),
                  )
                  return Either.isRight(result) ? 0 : 1 + (yield* attempt)
                })
                return attempt
              },
            )
          const conflicts = yield* Effect.all(
            Array.from({ length: 16 }, (_, w) => writer(w)),
            { concurrency: "unbounded" },
          )
          const events = yield* store.readStream(id)
          expect(events.map((e) => e.streamVersion)).toEqual(
            Array.from({ length: 160 }, (_, i) => i + 1),
          )
          const written = new Set(events.map((e) => JSON.stringify(e.data)))
          expect(written.size).toBe(160)
          expect(conflicts.flat().reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(0)
        }),
    )

    it.effect("16 concurrent 'any' writers on one stream never fail", () =>
      Effect.gen(function* () {
        const id = stream()
        const outcomes = yield* Effect.all(
          Array.from({ length: 16 * 5 }, () => appendOutcome(id, "any")),
          { concurrency: 16 },
        )
        expect(outcomes.every(Either.isRight)).toBe(true)
        const store = yield* EventStore
        expect((yield* store.readStream(id)).map((e) => e.streamVersion)).toEqual(
          Array.from({ length: 80 }, (_, i) => i + 1),
        )
      }),
    )
  })

  describe("idempotency", () => {
    it.effect(
      "a retried append with the same event ids appends nothing and answers as before",
      () =>
        Effect.gen(function* () {
          const store = yield* EventStore
          const id = stream()
          const events = [event(), event()]
          const first = yield* store.append(id, 0, events)
          const retried = yield* store.append(id, 0, events)
          const retriedAny = yield* store.append(id, "any", events)
          const retriedInTransaction = yield* store.transaction(store.append(id, 0, events))
          expect(first.duplicate).toBe(false)
          const asRetry = { ...first, duplicate: true }
          expect(retried).toEqual(asRetry)
          expect(retriedAny).toEqual(asRetry)
          expect(retriedInTransaction).toEqual(asRetry)
          expect(yield* store.readStream(id)).toHaveLength(2)
        }),
    )

    it.effect("concurrent identical appends store the events once", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const id = stream()
        const events = [event()]
        const results = yield* Effect.all(
          Array.from({ length: 8 }, () => store.append(id, "any", events)),
          { concurrency: "unbounded" },
        )
        expect(new Set(results.map((r) => r.position.globalPosition)).size).toBe(1)
        expect(yield* store.readStream(id)).toHaveLength(1)
      }),
    )

    it.effect("reusing one stored id among new ones is refused and changes nothing", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const id = stream()
        const used = event()
        yield* store.append(id, "any", [used])
        const usedFirst = yield* Effect.either(store.append(id, "any", [used, event()]))
        expect(Either.isLeft(usedFirst) && usedFirst.left._tag).toBe("EventIdConflict")
        const usedLater = yield* Effect.either(store.append(id, "any", [event(), used]))
        expect(Either.isLeft(usedLater) && usedLater.left._tag).toBe("EventIdConflict")
        const elsewhere = yield* Effect.either(store.append(stream(), "any", [used]))
        expect(Either.isLeft(elsewhere) && elsewhere.left._tag).toBe("EventIdConflict")
        expect(yield* store.readStream(id)).toHaveLength(1)
        expect(yield* store.streamVersion(id)).toBe(1)
      }),
    )
  })

  describe("atomic appends", () => {
    it.effect("several streams commit together or not at all", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const [a, b] = [stream(), stream()]
        yield* store.appendAtomically([
          { streamId: a, expected: "no_stream", events: [event()] },
          { streamId: b, expected: "no_stream", events: [event()] },
        ])
        const failed = yield* Effect.either(
          store.appendAtomically([
            { streamId: a, expected: 1, events: [event()] },
            { streamId: b, expected: 5, events: [event()] },
          ]),
        )
        expect(Either.isLeft(failed)).toBe(true)
        expect(yield* store.streamVersion(a)).toBe(1)
        expect(yield* store.streamVersion(b)).toBe(1)
      }),
    )
  })

  describe("reading", () => {
    it.effect("a stream reads back in version order with data and metadata", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const id = stream()
        yield* store.append(id, "any", [event("A", { x: 1 }), event("B", { y: "two" })])
        const events = yield* store.readStream(id)
        expect(events.map((e) => [e.streamVersion, e.type, e.data])).toEqual([
          [1, "A", { _tag: "A", x: 1 }],
          [2, "B", { _tag: "B", y: "two" }],
        ])
        expect(events[0]?.metadata).toEqual(metadata)
        expect(yield* store.readStream(id, { fromVersion: 2 })).toHaveLength(1)
      }),
    )

    it.effect(
      "the last committed event lies past the head while an older transaction is open",
      () =>
        Effect.gen(function* () {
          const store = yield* EventStore
          const held = yield* Deferred.make<void>()
          const opened = yield* Deferred.make<void>()
          // An older transaction appends and stays open until told to end.
          const older = yield* Effect.fork(
            store.transaction(
              Effect.gen(function* () {
                yield* store.append(stream(), "any", [event("Older")])
                yield* Deferred.succeed(opened, undefined)
                yield* Deferred.await(held)
              }),
            ),
          )
          yield* Deferred.await(opened)
          const id = stream()
          yield* store.append(id, "any", [event("Newer")])
          const [newer] = yield* store.readStream(id)
          const head = yield* store.head
          const last = yield* store.lastCommitted
          expect(last).toEqual({
            transactionId: newer!.transactionId,
            globalPosition: newer!.globalPosition,
          })
          expect(Position.compare(head, last)).toBe(-1)
          yield* Deferred.succeed(held, undefined)
          yield* Fiber.join(older)
          expect(yield* awaitCommittedReadable()).toBe(true)
          expect(Position.compare(yield* store.head, last)).toBe(0)
        }),
    )

    it.effect("readAll sends data only for the asked types and moves past the others", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const start = yield* store.head
        const id = stream()
        yield* store.append(id, "any", [event("Wanted"), event("Other"), event("Wanted")])
        // Test files run side by side: another database's open transaction holds the horizon a moment.
        expect(yield* awaitCommittedReadable()).toBe(true)
        const read = yield* store.readAll(start, { limit: 10, types: ["Wanted"] })
        const mine = read.filter((e) => e.streamId === id)
        expect(mine.map((e) => [e.type, e.data === null])).toEqual([
          ["Wanted", false],
          ["Other", true],
          ["Wanted", false],
        ])
        const [rows] = yield* query<{ n: number }>(
          "select count(*)::int as n from events where stream_id = $1",
          [id],
        )
        expect(rows?.n).toBe(3)
      }),
    )
  })
})
