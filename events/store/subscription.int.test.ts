import { SqlClient } from "@effect/sql"
import { expect } from "@effect/vitest"
import { Deferred, Effect, Fiber, Random } from "effect"
import { Actors } from "../contracts/actor.ts"
import { describeWithDatabase, query } from "../testing.ts"
import { EventStore } from "./event-store.ts"
import { Position } from "./position.ts"
import type { NewEvent, RecordedEvent } from "./recorded-event.ts"
import { drainSubscription, runSubscription } from "./subscription.ts"
import { awaitPosition } from "./subscription-progress.ts"

const metadata = { actor: Actors.system("test"), correlationId: "ordering" }
const newEvent = (type: string, data: object): NewEvent => ({
  eventId: crypto.randomUUID(),
  type,
  schemaVersion: 1,
  data: { _tag: type, ...data },
  metadata,
})

const recordSeen = (round: number) => (events: ReadonlyArray<RecordedEvent>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe(
      `insert into seen (round, event_id, stream_id, stream_version)
       select $1, * from unnest($2::uuid[], $3::text[], $4::bigint[])`,
      [
        round,
        events.map((e) => e.eventId),
        events.map((e) => e.streamId),
        events.map((e) => e.streamVersion),
      ],
    ),
  )

describeWithDatabase({ maxConnections: 40 })("subscriptions", (it) => {
  it.effect(
    "16 concurrent writers and late-committing transactions: every event seen once, in stream order (20 rounds)",
    () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        yield* query(
          `create table seen (round int not null, event_id uuid not null, stream_id text not null,
             stream_version bigint not null, seq bigint generated always as identity)`,
        )
        for (let round = 1; round <= 20; round++) {
          const type = `Round${round}`
          const name = `ordering-${round}`
          const start = yield* store.head
          yield* query(
            "insert into subscriptions (name, transaction_id, global_position) values ($1, $2::xid8, $3)",
            [name, start.transactionId, start.globalPosition],
          )
          const consumer = yield* Effect.fork(
            runSubscription(
              { name, types: [type], onPoison: "pause", batchSize: 50, handle: recordSeen(round) },
              { pollInterval: "30 millis", leaderRetry: "50 millis" },
            ),
          )
          const shared = [`shared-${round}-a`, `shared-${round}-b`]
          const writer = (w: number) =>
            Effect.forEach(
              Array.from({ length: 12 }, (_, i) => i),
              (i) =>
                Effect.gen(function* () {
                  const useShared = yield* Random.nextBoolean
                  const streamId = useShared ? shared[i % 2]! : `own-${round}-${w}`
                  return (yield* store.append(streamId, "any", [newEvent(type, { w, i })])).position
                }),
            )
          const lateCommitter = (l: number) =>
            store.transaction(
              Effect.gen(function* () {
                yield* store.append(`late-${round}-${l}`, "no_stream", [
                  newEvent(type, { l }),
                  newEvent(type, { l }),
                ])
                const appended = yield* store.append(shared[l % 2]!, "any", [
                  newEvent(type, { l, late: true }),
                ])
                yield* Effect.sleep(`${20 + l * 15} millis`)
                return [appended.position]
              }),
            )
          const positions = yield* Effect.all(
            [
              ...Array.from({ length: 16 }, (_, w) => writer(w)),
              ...Array.from({ length: 4 }, (_, l) => lateCommitter(l)),
            ],
            { concurrency: "unbounded" },
          )
          const last = positions.flat().reduce((a, b) => (Position.compare(a, b) >= 0 ? a : b))
          const written = 16 * 12 + 4 * 3
          expect(yield* awaitPosition(name, last, "20 seconds")).toBe(true)
          yield* Fiber.interrupt(consumer)

          const [counts] = yield* query<{ total: number; distinct_events: number }>(
            "select count(*)::int as total, count(distinct event_id)::int as distinct_events from seen where round = $1",
            [round],
          )
          expect(counts).toEqual({ total: written, distinct_events: written })
          const outOfOrder = yield* query(
            `select stream_id from (
               select stream_id, stream_version, lag(stream_version) over (partition by stream_id order by seq) as previous
               from seen where round = $1) s
             where previous is not null and stream_version <> previous + 1`,
            [round],
          )
          expect(outOfOrder).toEqual([])
        }
      }),
    120_000,
  )

  it.effect(
    "a drain processes what was committed before it, waiting for an older transaction that is still open",
    () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        yield* query("create table drained (event_id uuid not null)")
        const name = "drain-behind-open"
        const start = yield* store.head
        yield* query(
          "insert into subscriptions (name, transaction_id, global_position) values ($1, $2::xid8, $3)",
          [name, start.transactionId, start.globalPosition],
        )
        const held = yield* Deferred.make<void>()
        const opened = yield* Deferred.make<void>()
        // A transaction that began first stays open (another database's, for all the horizon knows).
        const older = yield* Effect.fork(
          store.transaction(
            Effect.gen(function* () {
              yield* store.append("drain-older", "any", [newEvent("Drained", {})])
              yield* Deferred.succeed(opened, undefined)
              yield* Deferred.await(held)
            }),
          ),
        )
        yield* Deferred.await(opened)
        yield* store.append("drain-newer", "any", [
          newEvent("Drained", {}),
          newEvent("Drained", {}),
        ])
        yield* Effect.fork(Effect.delay(Deferred.succeed(held, undefined), "300 millis"))
        yield* drainSubscription({
          name,
          types: ["Drained"],
          onPoison: "pause",
          handle: (events) =>
            Effect.flatMap(SqlClient.SqlClient, (sql) =>
              sql.unsafe("insert into drained select unnest($1::uuid[])", [
                events.map((e) => e.eventId),
              ]),
            ),
        })
        const [drained] = yield* query<{ n: number }>("select count(*)::int as n from drained")
        expect(drained?.n).toBe(3)
        yield* Fiber.join(older)
      }),
  )

  it.effect(
    "events arriving one by one are handled in batches at the subscription's pace; one after a quiet spell at once",
    () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const name = "paced"
        const start = yield* store.head
        yield* query(
          "insert into subscriptions (name, transaction_id, global_position) values ($1, $2::xid8, $3)",
          [name, start.transactionId, start.globalPosition],
        )
        const batches: Array<number> = []
        const consumer = yield* Effect.fork(
          runSubscription(
            {
              name,
              types: ["Paced"],
              onPoison: "pause",
              handle: (events) => Effect.sync(() => batches.push(events.length)),
            },
            { pollInterval: "5 seconds", leaderRetry: "50 millis", pace: "400 millis" },
          ),
        )
        const appendOne = Effect.suspend(() =>
          store.append(`paced-${crypto.randomUUID()}`, "no_stream", [newEvent("Paced", {})]),
        )
        // A warm-up event proves the subscription is running; after a quiet spell
        // longer than the pace, the next event is handled at once.
        const warmUp = yield* appendOne
        expect(yield* awaitPosition(name, warmUp.position, "10 seconds")).toBe(true)
        yield* Effect.sleep("600 millis")
        const first = yield* appendOne
        expect(yield* awaitPosition(name, first.position, "300 millis")).toBe(true)
        // Ten more within the pace: they wait for it and come as one batch, not ten.
        let last = first
        for (let i = 0; i < 10; i++) {
          last = yield* appendOne
          yield* Effect.sleep("10 millis")
        }
        expect(yield* awaitPosition(name, last.position, "2 seconds")).toBe(true)
        yield* Fiber.interrupt(consumer)
        expect(batches.reduce((a, b) => a + b, 0)).toBe(12)
        expect(batches.length).toBeLessThanOrEqual(4)
      }),
  )
})
