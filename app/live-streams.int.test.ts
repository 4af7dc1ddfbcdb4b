import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { PgPool } from "#events/store/pg-client.ts"
import { describeApp, request, serverUrl, settle, signUp } from "./testing.ts"
import { openLive } from "./testing-live.ts"
import { seedGeneration } from "./testing-songs.ts"

type Live = Effect.Effect.Success<ReturnType<typeof openLive>>

const closeAll = (streams: ReadonlyArray<Live>) =>
  Effect.zipRight(
    Effect.forEach(streams, (stream) => stream.close),
    // The server sees them go as their connections close.
    Effect.sleep("300 millis"),
  )

/** A process that holds 10 streams, on a pool of 8 connections. */
describeApp({ config: { liveStreamsPerProcess: 10 }, database: { maxConnections: 8 } })(
  "live streams",
  (it) => {
    it.effect(
      "a person's seventh stream closes their oldest, which is told so and not to come back",
      () =>
        Effect.gen(function* () {
          const { person, user } = yield* signUp("tabs")
          yield* settle
          const tabs: Array<Live> = []
          for (let i = 0; i < 6; i++) tabs.push(yield* openLive(person))
          const seventh = yield* openLive(person)
          expect(seventh.status).toBe(200)

          expect(yield* tabs[0]!.next()).toEqual({ event: "replaced", data: "{}" })
          expect(yield* tabs[0]!.endsWithin(3000)).toBe(true)
          // The other six are all told what happens.
          const { generationId } = yield* seedGeneration(user.id, "Six Tabs", 1)
          for (const open of [...tabs.slice(1), seventh]) {
            const told = yield* open.next()
            expect(JSON.parse(told!.data!)).toEqual({ kind: "generation", id: generationId })
          }
          yield* closeAll([...tabs, seventh])
        }),
    )

    it.effect(
      "beyond the process's streams, a new one is refused with 503 and says the page still updates",
      () =>
        Effect.gen(function* () {
          const { person: first } = yield* signUp("crowd")
          const { person: second } = yield* signUp("crowd")
          const { person: third } = yield* signUp("crowd")
          const open: Array<Live> = []
          for (let i = 0; i < 6; i++) open.push(yield* openLive(first))
          for (let i = 0; i < 4; i++) open.push(yield* openLive(second))
          const refused = yield* openLive(third)
          expect({ status: refused.status, refusal: refused.refusal }).toEqual({
            status: 503,
            refusal: {
              _tag: "LiveStreamsFull",
              message:
                "This server holds as many live updates as it can. The page still updates, a little later.",
            },
          })
          // Anyone else's request is answered as before, and a stream that ends makes room.
          expect((yield* request("/api/health")).status).toBe(200)
          yield* closeAll(open.slice(0, 1))
          const admitted = yield* openLive(third)
          expect(admitted.status).toBe(200)
          yield* closeAll([...open, admitted])
        }),
    )

    it.effect("streams hold no database connection while they wait", () =>
      Effect.gen(function* () {
        const pool = yield* PgPool
        const people = yield* Effect.forEach([1, 2, 3, 4, 5], () => signUp("waiting"))
        yield* settle
        const open: Array<Live> = []
        yield* Effect.gen(function* () {
          for (const { person } of people)
            open.push(yield* openLive(person), yield* openLive(person))
          // More streams than the pool has connections: were each holding one, the rest would wait for
          // ever. Opening them reads sessions, and the server's own work takes connections too, which a
          // busy machine frees later: the pool is looked at until it is quiet, for up to 10 s.
          expect(open.length).toBeGreaterThan(pool.options.max!)
          const quiet = () =>
            pool.waitingCount === 0 && pool.totalCount - pool.idleCount < pool.options.max!
          for (let looked = 0; looked < 100 && !quiet(); looked++) yield* Effect.sleep("100 millis")
          expect(pool.waitingCount).toBe(0)
          expect(pool.totalCount - pool.idleCount).toBeLessThan(pool.options.max!)
          const { person } = people[0]!
          expect((yield* person.get("/api/credits")).status).toBe(200)
        }).pipe(Effect.ensuring(Effect.suspend(() => closeAll(open))))
      }),
    )

    it.effect("streams a page opens at once read its session once between them", () =>
      Effect.gen(function* () {
        const pool = yield* PgPool
        const { person } = yield* signUp("herd")
        yield* settle
        let taken = 0
        const count = () => taken++
        pool.on("acquire", count)
        const base = yield* serverUrl
        const cookie = [...person.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
        /** Connections taken from the pool while `effect` runs. */
        const takenDuring = <A>(effect: Effect.Effect<A>) =>
          Effect.gen(function* () {
            const before = taken
            const started = Date.now()
            const result = yield* effect
            return { taken: taken - before, ms: Date.now() - started, result }
          })
        // Forgotten since the sign-up: the session is read again.
        yield* Effect.sleep("1100 millis")
        const aborts = Array.from({ length: 60 }, () => new AbortController())
        const burst = yield* takenDuring(
          Effect.promise(() =>
            Promise.all(
              aborts.map((aborting) =>
                fetch(`${base}/api/events`, { headers: { cookie }, signal: aborting.signal }).then(
                  (response) => response.status,
                ),
              ),
            ),
          ),
        )
        for (const aborting of aborts) aborting.abort()
        // What the server's own work (projections, reactions, jobs) took over as long, idle.
        const idle = yield* takenDuring(Effect.sleep(`${burst.ms} millis`))
        pool.off("acquire", count)
        expect(burst.result.every((status) => status === 200)).toBe(true)
        // Sixty reads of the session would take sixty connections and more; the idle window only
        // estimates the server's own work beside the burst, which a busy machine makes uneven.
        expect(burst.taken - idle.taken).toBeLessThan(30)
      }),
    )
  },
)
