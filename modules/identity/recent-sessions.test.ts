import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Ref, TestClock } from "effect"
import { type Holder, RecentSessions } from "./recent-sessions.ts"

const holderOf = (userId: string, expiresIn = 60_000, renewed = false): Holder => ({
  user: {
    userId,
    username: userId,
    email: `${userId}@example.com`,
    name: userId,
    isAdmin: false,
    emailVerified: true,
  },
  session: { userId, expires: new Date(expiresIn), renewed },
})

/**
 * A read of the session table that counts how often it is asked, answering each of `answers` in turn
 * (the last one from then on).
 */
const countedRead = (...answers: ReadonlyArray<Holder | undefined>) =>
  Effect.map(Ref.make(0), (reads) => ({
    reads,
    read: Effect.map(
      Ref.getAndUpdate(reads, (n) => n + 1),
      (n) => answers[Math.min(n, answers.length - 1)],
    ),
  }))

/**
 * A read that answers `answer`; from its `heldFrom`-th call on, it says it started and waits to be
 * released first.
 */
const heldRead = (answer: Holder, heldFrom = 1) =>
  Effect.gen(function* () {
    const started = yield* Deferred.make<void>()
    const release = yield* Deferred.make<void>()
    let calls = 0
    const read = Effect.suspend(() =>
      ++calls < heldFrom
        ? Effect.succeed(answer)
        : Deferred.succeed(started, undefined).pipe(
            Effect.zipRight(Deferred.await(release)),
            Effect.as(answer),
          ),
    )
    return {
      read,
      started: Deferred.await(started),
      release: Deferred.succeed(release, undefined),
      calls: () => calls,
    }
  })

/** Lets a read started in the background finish. */
const settle = Effect.repeatN(Effect.yieldNow(), 10)

const run = <A, E>(effect: Effect.Effect<A, E, RecentSessions>) =>
  Effect.provide(effect, RecentSessions.live)

describe("recent sessions", () => {
  it.effect("a holder read once answers the next lookups, without its cookie sent again", () =>
    run(
      Effect.gen(function* () {
        const recent = yield* RecentSessions
        const { reads, read } = yield* countedRead(holderOf("ada", 60_000, true))
        expect((yield* recent.lookup("s1", read))?.session.renewed).toBe(true)
        const again = yield* recent.lookup("s1", read)
        expect(again?.user.userId).toBe("ada")
        expect(again?.session.renewed).toBe(false)
        expect(yield* Ref.get(reads)).toBe(1)
        yield* recent.lookup("s2", read)
        expect(yield* Ref.get(reads)).toBe(2)
      }),
    ),
  )

  it.effect("an unknown session is read every time", () =>
    run(
      Effect.gen(function* () {
        const recent = yield* RecentSessions
        const { reads, read } = yield* countedRead(undefined)
        expect(yield* recent.lookup("forged", read)).toBeUndefined()
        expect(yield* recent.lookup("forged", read)).toBeUndefined()
        expect(yield* Ref.get(reads)).toBe(2)
      }),
    ),
  )

  it.effect("forgetting a session, or every session of its user, makes the next lookup read", () =>
    run(
      Effect.gen(function* () {
        const recent = yield* RecentSessions
        const ada = yield* countedRead(holderOf("ada"))
        const bob = yield* countedRead(holderOf("bob"))
        yield* recent.lookup("ada-1", ada.read)
        yield* recent.lookup("ada-2", ada.read)
        yield* recent.lookup("bob-1", bob.read)
        expect((yield* recent.known("ada-1"))?.user.userId).toBe("ada")
        expect(yield* recent.known("never-read")).toBeUndefined()
        yield* recent.forgetSession("ada-1")
        expect(yield* recent.known("ada-1")).toBeUndefined()
        expect((yield* recent.known("ada-2"))?.user.userId).toBe("ada")
        yield* recent.lookup("ada-1", ada.read)
        yield* recent.lookup("ada-2", ada.read)
        expect(yield* Ref.get(ada.reads)).toBe(3)
        yield* recent.forgetUser("ada")
        expect(yield* recent.known("ada-2")).toBeUndefined()
        expect((yield* recent.known("bob-1"))?.user.userId).toBe("bob")
        yield* recent.lookup("ada-1", ada.read)
        yield* recent.lookup("ada-2", ada.read)
        yield* recent.lookup("bob-1", bob.read)
        expect(yield* Ref.get(ada.reads)).toBe(5)
        expect(yield* Ref.get(bob.reads)).toBe(1)
      }),
    ),
  )

  it.effect("a read that began before a forget is not remembered", () =>
    run(
      Effect.gen(function* () {
        const recent = yield* RecentSessions
        const slow = yield* heldRead(holderOf("ada"))
        const reading = yield* Effect.fork(recent.lookup("s1", slow.read))
        yield* slow.started
        yield* recent.forgetUser("ada")
        yield* slow.release
        expect((yield* Fiber.join(reading))?.user.userId).toBe("ada")
        const { reads, read } = yield* countedRead(undefined)
        expect(yield* recent.lookup("s1", read)).toBeUndefined()
        expect(yield* Ref.get(reads)).toBe(1)
      }),
    ),
  )

  it.effect(
    "lookups that come while the first read is under way wait for it, and read nothing",
    () =>
      run(
        Effect.gen(function* () {
          const recent = yield* RecentSessions
          const slow = yield* heldRead(holderOf("ada", 60_000, true))
          const first = yield* Effect.fork(recent.lookup("s1", slow.read))
          yield* slow.started
          const others = yield* Effect.fork(
            Effect.all(
              Array.from({ length: 50 }, () => recent.lookup("s1", slow.read)),
              { concurrency: "unbounded" },
            ),
          )
          yield* settle
          yield* slow.release
          const answers = yield* Fiber.join(others)
          expect(slow.calls()).toBe(1)
          expect((yield* Fiber.join(first))?.session.renewed).toBe(true)
          expect(answers.every((holder) => holder?.user.userId === "ada")).toBe(true)
          // Only the first sends the cookie again.
          expect(answers.some((holder) => holder?.session.renewed)).toBe(false)
        }),
      ),
  )

  it.effect("a lookup after a forget does not wait for a read that began before it", () =>
    run(
      Effect.gen(function* () {
        const recent = yield* RecentSessions
        const slow = yield* heldRead(holderOf("ada"))
        const first = yield* Effect.fork(recent.lookup("s1", slow.read))
        yield* slow.started
        yield* recent.forgetSession("s1")
        const { reads, read } = yield* countedRead(undefined)
        expect(yield* recent.lookup("s1", read)).toBeUndefined()
        expect(yield* Ref.get(reads)).toBe(1)
        yield* slow.release
        yield* Fiber.join(first)
      }),
    ),
  )

  it.effect("a session is never taken as known past its expiry, nor for more than a second", () =>
    run(
      Effect.gen(function* () {
        const recent = yield* RecentSessions
        const short = yield* countedRead(holderOf("ada", 30))
        yield* recent.lookup("short", short.read)
        yield* recent.lookup("short", short.read)
        expect(yield* Ref.get(short.reads)).toBe(1)
        yield* TestClock.adjust("60 millis")
        expect(yield* recent.known("short")).toBeUndefined()
        yield* recent.lookup("short", short.read)
        expect(yield* Ref.get(short.reads)).toBe(2)

        const long = yield* countedRead(holderOf("bob"))
        yield* recent.lookup("long", long.read)
        expect((yield* recent.known("long"))?.session.renewed).toBe(false)
        yield* TestClock.adjust("1050 millis")
        expect(yield* recent.known("long")).toBeUndefined()
        yield* recent.lookup("long", long.read)
        expect(yield* Ref.get(long.reads)).toBe(2)
      }),
    ),
  )

  it.effect("a session in use is read again in the background before its second is up", () =>
    run(
      Effect.gen(function* () {
        const recent = yield* RecentSessions
        const { reads, read } = yield* countedRead(holderOf("ada"))
        yield* recent.lookup("s1", read)
        yield* TestClock.adjust("600 millis")
        expect((yield* recent.known("s1"))?.user.userId).toBe("ada")
        yield* settle
        expect(yield* Ref.get(reads)).toBe(2)
        // Past the first read's second, the one begun at 600 ms still answers, without waiting.
        yield* TestClock.adjust("500 millis")
        expect((yield* recent.lookup("s1", read))?.user.userId).toBe("ada")
        expect(yield* Ref.get(reads)).toBe(2)
        // Left unused, it runs out as any other.
        yield* TestClock.adjust("1100 millis")
        expect(yield* recent.known("s1")).toBeUndefined()
      }),
    ),
  )

  it.effect(
    "a background read that finds the session ended, or that a forget overtook, keeps nothing",
    () =>
      run(
        Effect.gen(function* () {
          const recent = yield* RecentSessions
          const ended = yield* countedRead(holderOf("ada"), undefined)
          yield* recent.lookup("ended", ended.read)
          yield* TestClock.adjust("550 millis")
          expect((yield* recent.known("ended"))?.user.userId).toBe("ada")
          yield* settle
          expect(yield* Ref.get(ended.reads)).toBe(2)
          expect(yield* recent.known("ended")).toBeUndefined()

          const slowSecond = yield* heldRead(holderOf("bob"), 2)
          yield* recent.lookup("overtaken", slowSecond.read)
          yield* TestClock.adjust("550 millis")
          yield* recent.known("overtaken")
          yield* slowSecond.started
          yield* recent.forgetUser("bob")
          yield* slowSecond.release
          yield* settle
          expect(yield* recent.known("overtaken")).toBeUndefined()
        }),
      ),
  )

  it.effect("a session a background read slid forward sends its cookie with the next request", () =>
    run(
      Effect.gen(function* () {
        const recent = yield* RecentSessions
        const slid = holderOf("ada", 120_000, true)
        const { reads, read } = yield* countedRead(holderOf("ada"), slid)
        yield* recent.lookup("s1", read)
        yield* TestClock.adjust("550 millis")
        yield* recent.known("s1")
        yield* settle
        expect(yield* Ref.get(reads)).toBe(2)
        // Nothing can be answered without the app until a request has sent the cookie again.
        expect(yield* recent.known("s1")).toBeUndefined()
        const next = yield* recent.lookup("s1", read)
        expect(next?.session).toEqual(slid.session)
        expect((yield* recent.lookup("s1", read))?.session.renewed).toBe(false)
        expect((yield* recent.known("s1"))?.session.expires).toEqual(slid.session.expires)
        expect(yield* Ref.get(reads)).toBe(2)
      }),
    ),
  )
})
