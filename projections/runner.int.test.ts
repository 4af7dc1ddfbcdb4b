import { SqlClient } from "@effect/sql"
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { EventStore, type NewEvent, type RecordedEvent } from "#events/store/index.ts"
import { describeWithDatabase, query } from "#events/testing.ts"
import { eventCounts } from "./event-counts.ts"
import { makeReadStamps } from "./read-stamps.ts"
import {
  catchUpProjection,
  type Projection,
  prepareProjections,
  projectionMigrations,
  projectionStatus,
  rebuildProjection,
  resumeProjection,
} from "./runner.ts"

const metadata = { actor: Actors.system("test"), correlationId: "projection" }
const newEvent = (type: string, data: object = {}): NewEvent => ({
  eventId: crypto.randomUUID(),
  type,
  schemaVersion: 1,
  data: { _tag: type, ...data },
  metadata,
})

/** Records every event it is given; fails on events marked poison. */
const recorder = (name: string, onPoison: "pause" | "skip"): Projection => ({
  name,
  revision: 1,
  tables: [`${name}_rows`],
  onPoison,
  types: [`Noted-${name}`],
  batchSize: 10,
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe(
      `create table if not exists ${name}_rows (event_id uuid primary key, n int not null)`,
    ),
  ),
  apply: (events: ReadonlyArray<RecordedEvent>) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      for (const event of events) {
        const data = event.data as { n: number; poison?: boolean }
        // Write first, then fail: the row must not survive without its checkpoint.
        yield* sql.unsafe(`insert into ${name}_rows (event_id, n) values ($1, $2)`, [
          event.eventId,
          data.n,
        ])
        if (data.poison) return yield* Effect.fail(new Error(`cannot project event ${data.n}`))
      }
    }),
})

/** Each recorder reads its own event type, so tests sharing the database do not see each other's events. */
const appendNoted = (
  projection: string,
  ns: ReadonlyArray<number>,
  poison: ReadonlyArray<number> = [],
) =>
  Effect.flatMap(EventStore, (store) =>
    store.append(
      `${projection}-${crypto.randomUUID()}`,
      "any",
      ns.map((n) => newEvent(`Noted-${projection}`, { n, poison: poison.includes(n) })),
    ),
  )

const rowsOf = (name: string) =>
  Effect.map(query<{ n: number }>(`select n from ${name}_rows order by n`), (rows) =>
    rows.map((r) => r.n),
  )

describeWithDatabase({ migrations: [["projections", projectionMigrations]] })(
  "projection runner",
  (it) => {
    it.effect("rebuilding twice gives identical rows", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        yield* prepareProjections([eventCounts])
        for (let i = 0; i < 30; i++) {
          yield* store.append(`counted-${i % 7}`, "any", [
            newEvent(i % 3 === 0 ? "Alpha" : "Beta"),
            newEvent("Gamma"),
          ])
        }
        yield* catchUpProjection(eventCounts)
        const live = yield* query(
          "select type, events, last_recorded_at from event_type_counts order by type",
        )
        yield* rebuildProjection(eventCounts)
        const first = yield* query(
          "select type, events, last_recorded_at from event_type_counts order by type",
        )
        yield* rebuildProjection(eventCounts)
        const second = yield* query(
          "select type, events, last_recorded_at from event_type_counts order by type",
        )
        expect(first).toEqual(live)
        expect(second).toEqual(first)
        expect(first).toContainEqual(expect.objectContaining({ type: "Gamma", events: 30 }))
      }),
    )

    describe("poison events", () => {
      it.effect(
        "skip: the event is dead-lettered, the rest is projected, rows match the checkpoint",
        () =>
          Effect.gen(function* () {
            const projection = recorder("skipper", "skip")
            yield* prepareProjections([projection])
            yield* appendNoted("skipper", [1, 2, 3, 4, 5, 6], [4])
            yield* appendNoted("skipper", [7, 8])
            yield* catchUpProjection(projection)
            expect(yield* rowsOf("skipper")).toEqual([1, 2, 3, 5, 6, 7, 8])
            const letters = yield* query<{ action: string; error: string }>(
              "select action, error from dead_letters where subscription = 'projection:skipper'",
            )
            expect(letters).toHaveLength(1)
            expect(letters[0]?.action).toBe("skipped")
            expect(letters[0]?.error).toContain("cannot project event 4")
            // Skipping appends an error report after event 8; the first drain may stop before it while
            // another database's open transaction holds the read horizon, the next one waits for it.
            yield* catchUpProjection(projection)
            const [status] = yield* projectionStatus([projection])
            expect(status).toMatchObject({ status: "running", deadLetters: 1, behind: 0 })
          }),
      )

      it.effect("pause: nothing after the event is projected until an operator resumes", () =>
        Effect.gen(function* () {
          const projection = recorder("pauser", "pause")
          yield* prepareProjections([projection])
          yield* appendNoted("pauser", [1, 2, 3], [2])
          yield* appendNoted("pauser", [4, 5])
          yield* catchUpProjection(projection)
          expect(yield* rowsOf("pauser")).toEqual([1])
          const [paused] = yield* projectionStatus([projection])
          expect(paused).toMatchObject({ status: "paused", deadLetters: 1 })
          expect(paused?.behind).toBeGreaterThan(0)
          expect(paused?.lastError).toContain("cannot project event 2")

          // Still poisonous: resuming pauses again at the same event, and rows still match the checkpoint.
          yield* resumeProjection(projection)
          yield* catchUpProjection(projection)
          expect(yield* rowsOf("pauser")).toEqual([1])
          const [again] = yield* projectionStatus([projection])
          expect(again).toMatchObject({ status: "paused", deadLetters: 1 })
        }),
      )

      it.effect("a handler failing mid-batch never leaves rows without their checkpoint", () =>
        Effect.gen(function* () {
          const projection = recorder("midbatch", "skip")
          yield* prepareProjections([projection])
          yield* appendNoted("midbatch", [1, 2, 3, 4, 5, 6, 7, 8, 9], [5, 8])
          yield* catchUpProjection(projection)
          const rows = yield* rowsOf("midbatch")
          expect(rows).toEqual([1, 2, 3, 4, 6, 7, 9])
          const checkpointed = yield* query<{ n: number }>(
            `select (e.data ->> 'n')::int as n from events e, subscriptions s
           where s.name = 'projection:midbatch' and e.type = 'Noted-midbatch'
             and (e.transaction_id, e.global_position) <= (s.transaction_id, s.global_position)
             and not exists (select 1 from dead_letters d where d.subscription = s.name and d.event_id = e.event_id)
           order by n`,
          )
          expect(checkpointed.map((r) => r.n)).toEqual(rows)
        }),
      )

      it.effect("a new revision drops the read model and replays it from the first event", () =>
        Effect.gen(function* () {
          const v1 = recorder("versioned", "skip")
          yield* prepareProjections([v1])
          yield* appendNoted("versioned", [1, 2])
          yield* catchUpProjection(v1)
          yield* query("insert into versioned_rows (event_id, n) values (gen_random_uuid(), 99)")
          const v2 = { ...v1, revision: 2 }
          yield* prepareProjections([v2])
          expect(yield* rowsOf("versioned")).toEqual([])
          yield* catchUpProjection(v2)
          expect(yield* rowsOf("versioned")).toEqual([1, 2])
        }),
      )
    })

    it.effect(
      "a stamped projection's listing moves with what it lists, not with counts, and is the same after a rebuild",
      () =>
        Effect.gen(function* () {
          const store = yield* EventStore
          const projection: Projection = {
            ...recorder("lister", "skip"),
            types: ["Noted-lister", "SongPlayed"],
            stamped: true,
          }
          yield* prepareProjections([projection])
          const stampOf = yield* makeReadStamps([projection])
          const stamp = Effect.zipRight(catchUpProjection(projection), stampOf(projection))
          yield* appendNoted("lister", [1])
          const listed = yield* stamp
          yield* store.append(`played-${crypto.randomUUID()}`, "any", [
            newEvent("SongPlayed", { n: 2 }),
          ])
          const counted = yield* stamp
          expect(counted.listing).toBe(listed.listing)
          expect(counted.state).not.toBe(listed.state)
          yield* appendNoted("lister", [3])
          const relisted = yield* stamp
          expect(relisted.listing).not.toBe(listed.listing)
          expect(relisted.listing).not.toBe("none")

          yield* rebuildProjection(projection)
          // No write of this process since: the stamp is read again once it is a quarter second old.
          yield* Effect.sleep("300 millis")
          expect(yield* stampOf(projection)).toEqual(relisted)
        }),
    )
  },
)
