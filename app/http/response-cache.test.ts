import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { makeResponseCache } from "./response-cache.ts"

const path = "/api/songs/public"
const otherPath = "/api/playlists/"
const searchPath = "/api/search"

/**
 * The response cache over a stamp the test moves on by hand (its songs, or only their counts) and sessions
 * whose holders it sets by hand, and an app that counts its calls. Answers may lag a second behind counts.
 */
const rig = (budget = 1_000_000) => {
  let stamp = { state: "v1", listing: "s1" }
  let otherStamp = { state: "o1", listing: "o1" }
  let calls = 0
  const holders = new Map<string, string>()
  const answers = makeResponseCache({
    reads: [
      { answers: (p) => p === path, stamp: Effect.sync(() => stamp), budget },
      { answers: (p) => p.startsWith(otherPath), stamp: Effect.sync(() => otherStamp), budget },
      { answers: (p) => p === searchPath, stamp: Effect.sync(() => stamp), budget, maxAge: 2_000 },
    ],
    countsMayLag: "1 second",
    holderOf: (sessionId) => Effect.sync(() => holders.get(sessionId)),
  })
  const ask = (
    url: string,
    init: RequestInit = {},
    answer: () => HttpServerResponse.HttpServerResponse = () =>
      HttpServerResponse.text(`answer ${calls}`),
  ) => {
    const request = HttpServerRequest.fromWeb(new Request(`http://localhost${url}`, init))
    return answers.through(
      request,
      new URL(url, "http://localhost").pathname,
    )(
      Effect.sync(() => {
        calls++
        return answer()
      }),
    )
  }
  return {
    ask,
    calls: () => calls,
    /** The songs listed changed. */
    move: (next: string) => {
      stamp = { state: next, listing: next }
    },
    /** What the other read lists changed. */
    moveOther: (next: string) => {
      otherStamp = { state: next, listing: next }
    },
    /** Only counts changed: likes or plays. */
    count: (next: string) => {
      stamp = { ...stamp, state: next }
    },
    holders,
  }
}

const withSession = (sessionId: string): RequestInit => ({
  headers: { cookie: `theme=dark; melody_session=${sessionId}` },
})

describe("the response cache", () => {
  it.effect("one URL is answered once per stamp for everyone without a session", () =>
    Effect.gen(function* () {
      const { ask, calls, move } = rig()
      const first = yield* ask(`${path}?limit=20`)
      expect(yield* ask(`${path}?limit=20`)).toBe(first)
      expect(calls()).toBe(1)
      // Another page is another answer.
      yield* ask(`${path}?limit=20&offset=20`)
      expect(calls()).toBe(2)
      move("v2")
      expect(yield* ask(`${path}?limit=20`)).not.toBe(first)
      expect(calls()).toBe(3)
    }),
  )

  it.effect("a session nobody knows, another method or another path always reaches the app", () =>
    Effect.gen(function* () {
      const { ask, calls } = rig()
      yield* ask(path)
      yield* ask(path, withSession("abc"))
      yield* ask(path, { headers: { cookie: "melody_session=abc" } })
      yield* ask(path, { method: "POST" })
      yield* ask("/api/songs/my-songs")
      yield* ask("/api/songs/my-songs")
      expect(calls()).toBe(6)
      // Other cookies do not make an answer personal.
      yield* ask(path, { headers: { cookie: "theme=dark" } })
      expect(calls()).toBe(6)
    }),
  )

  it.effect("only a plain 200 without cookies is kept", () =>
    Effect.gen(function* () {
      const { ask, calls } = rig()
      const answers = [
        () => HttpServerResponse.text("no", { status: 400 }),
        () => HttpServerResponse.text("hi").pipe(HttpServerResponse.unsafeSetCookie("a", "b")),
        () => HttpServerResponse.text("hi", { headers: { "set-cookie": "a=b" } }),
        () => HttpServerResponse.empty(),
      ]
      for (const answer of answers) {
        yield* ask(path, {}, answer)
        yield* ask(path, {}, answer)
      }
      expect(calls()).toBe(answers.length * 2)
    }),
  )

  it.effect("over the budget the oldest answers make room", () =>
    Effect.gen(function* () {
      // Room for two answers of 10,000 bytes, whatever each answer's own objects are counted as.
      const { ask, calls } = rig(25_000)
      const large = () => HttpServerResponse.text("x".repeat(10_000))
      yield* ask(`${path}?offset=0`, {}, large)
      yield* ask(`${path}?offset=20`, {}, large)
      yield* ask(`${path}?offset=40`, {}, large)
      expect(calls()).toBe(3)
      yield* ask(`${path}?offset=40`, {}, large)
      yield* ask(`${path}?offset=20`, {}, large)
      expect(calls()).toBe(3)
      yield* ask(`${path}?offset=0`, {}, large)
      expect(calls()).toBe(4)
      // Small answers take little of it: many are kept next to the large ones.
      for (let i = 0; i < 5; i++) yield* ask(`${path}?limit=${i + 1}`)
      for (let i = 0; i < 5; i++) yield* ask(`${path}?limit=${i + 1}`)
      expect(calls()).toBe(9)
    }),
  )

  it.effect("an answer made while another reader saw a newer stamp is not kept", () =>
    Effect.gen(function* () {
      const { ask, calls, move } = rig()
      let newer: HttpServerResponse.HttpServerResponse | undefined
      const older = yield* ask(path, {}, () => {
        move("v2")
        newer = Effect.runSync(ask(path))
        return HttpServerResponse.text("made at v1")
      })
      expect(calls()).toBe(2)
      const next = yield* ask(path)
      expect(next).toBe(newer)
      expect(next).not.toBe(older)
      expect(calls()).toBe(2)
    }),
  )

  it.effect(
    "a signed-in reader's answers are their own, and kept only while their session is known",
    () =>
      Effect.gen(function* () {
        const { ask, calls, holders, move } = rig()
        const anonymous = yield* ask(path)
        holders.set("ann-1", "ann")
        holders.set("ann-2", "ann")
        holders.set("bob-1", "bob")
        const ann = yield* ask(path, withSession("ann-1"))
        expect(ann).not.toBe(anonymous)
        // Ann again, from either of her sessions; Bob and anonymous readers keep their own.
        expect(yield* ask(path, withSession("ann-1"))).toBe(ann)
        expect(yield* ask(path, withSession("ann-2"))).toBe(ann)
        const bob = yield* ask(path, withSession("bob-1"))
        expect(bob).not.toBe(ann)
        expect(yield* ask(path)).toBe(anonymous)
        expect(calls()).toBe(3)
        // A session that ended is not known any more: it reaches the app, which says what it says.
        holders.delete("ann-1")
        const ended = yield* ask(path, withSession("ann-1"), () =>
          HttpServerResponse.text("sign in", { status: 401 }),
        )
        expect(ended.status).toBe(401)
        expect(yield* ask(path, withSession("ann-2"))).toBe(ann)
        expect(calls()).toBe(4)
        // A new stamp drops everyone's answers.
        move("v2")
        expect(yield* ask(path, withSession("ann-2"))).not.toBe(ann)
        expect(calls()).toBe(5)
      }),
  )

  it.effect("an answer is kept for the holder the app has just read the session for", () =>
    Effect.gen(function* () {
      const { ask, calls, holders } = rig()
      // Identity did not know the session before the app read it, and knows it after.
      const first = yield* ask(path, withSession("carol-1"), () => {
        holders.set("carol-1", "carol")
        return HttpServerResponse.text("carol's page")
      })
      expect(yield* ask(path, withSession("carol-1"))).toBe(first)
      // A session still unknown after the answer (it had ended) keeps nothing.
      yield* ask(path, withSession("gone"))
      yield* ask(path, withSession("gone"))
      expect(calls()).toBe(3)
    }),
  )

  it.effect("a session that slid forward gets its cookie again: that answer is not kept", () =>
    Effect.gen(function* () {
      const { ask, calls, holders } = rig()
      holders.set("dan-1", "dan")
      const renewed = () =>
        HttpServerResponse.text("page").pipe(
          HttpServerResponse.unsafeSetCookie("melody_session", "dan-1"),
        )
      const first = yield* ask(path, withSession("dan-1"), renewed)
      expect(Object.keys(first.cookies.cookies)).toEqual(["melody_session"])
      const second = yield* ask(path, withSession("dan-1"))
      expect(second).not.toBe(first)
      expect(calls()).toBe(2)
    }),
  )

  it.effect("signed-in readers' answers do not push out the shared ones", () =>
    Effect.gen(function* () {
      // Room for two answers of 10,000 bytes on each side.
      const { ask, calls, holders } = rig(25_000)
      const large = () => HttpServerResponse.text("x".repeat(10_000))
      const shared = yield* ask(path, {}, large)
      for (const reader of ["a", "b", "c", "d"]) {
        holders.set(reader, reader)
        yield* ask(path, withSession(reader), large)
      }
      expect(calls()).toBe(5)
      expect(yield* ask(path)).toBe(shared)
      // The two most recent signed-in readers are still kept, the older ones made room.
      yield* ask(path, withSession("d"), large)
      yield* ask(path, withSession("c"), large)
      expect(calls()).toBe(5)
      yield* ask(path, withSession("a"), large)
      expect(calls()).toBe(6)
    }),
  )

  it.effect("while only counts move, an answer is given for a second after it was kept", () =>
    Effect.gen(function* () {
      const { ask, calls, count } = rig()
      const first = yield* ask(path)
      count("v1 and a like")
      yield* TestClock.adjust("999 millis")
      expect(yield* ask(path)).toBe(first)
      expect(calls()).toBe(1)
      // A second after it was kept, it is read again, and that answer is kept from then on.
      yield* TestClock.adjust("1 millis")
      const second = yield* ask(path)
      expect(second).not.toBe(first)
      expect(yield* ask(path)).toBe(second)
      expect(calls()).toBe(2)
      // Without a change, an answer stays however old it is.
      yield* TestClock.adjust("1 hour")
      expect(yield* ask(path)).toBe(second)
      expect(calls()).toBe(2)
    }),
  )

  it.effect("a song made public, private or deleted drops every answer at once", () =>
    Effect.gen(function* () {
      const { ask, calls, move, holders } = rig()
      holders.set("eve-1", "eve")
      const shared = yield* ask(path)
      const eve = yield* ask(path, withSession("eve-1"))
      move("v2")
      expect(yield* ask(path)).not.toBe(shared)
      expect(yield* ask(path, withSession("eve-1"))).not.toBe(eve)
      expect(calls()).toBe(4)
    }),
  )

  it.effect(
    "a signed-in reader who changes anything reads their own change, others a second later",
    () =>
      Effect.gen(function* () {
        const { ask, calls, holders, count } = rig()
        holders.set("ann-1", "ann")
        holders.set("bob-1", "bob")
        const ann = yield* ask(path, withSession("ann-1"))
        const bob = yield* ask(path, withSession("bob-1"))
        const anonymous = yield* ask(path)
        // Ann likes a song: her write goes through, and her kept answers are forgotten.
        yield* ask("/api/songs/some-song/like", { method: "POST", ...withSession("ann-1") })
        count("v1 and Ann's like")
        expect(calls()).toBe(4)
        expect(yield* ask(path, withSession("ann-1"))).not.toBe(ann)
        expect(yield* ask(path, withSession("bob-1"))).toBe(bob)
        expect(yield* ask(path)).toBe(anonymous)
        expect(calls()).toBe(5)
        // A write by a visitor without a session, or an unknown one, forgets nobody's.
        yield* ask("/api/songs/some-song/play", { method: "POST" })
        yield* ask("/api/songs/some-song/play", { method: "POST", ...withSession("stranger") })
        expect(yield* ask(path, withSession("bob-1"))).toBe(bob)
        expect(calls()).toBe(7)
      }),
  )

  it.effect(
    "each read's answers go with its own stamp; a person's write forgets theirs in every read",
    () =>
      Effect.gen(function* () {
        const { ask, calls, move, moveOther, holders } = rig()
        holders.set("fay-1", "fay")
        const timeline = yield* ask(path)
        const playlist = yield* ask(`${otherPath}p1`)
        const fays = yield* ask(`${otherPath}p1`, withSession("fay-1"))
        expect(calls()).toBe(3)
        // A playlist made private drops the playlists' answers only.
        moveOther("o2")
        expect(yield* ask(path)).toBe(timeline)
        expect(yield* ask(`${otherPath}p1`)).not.toBe(playlist)
        expect(calls()).toBe(4)
        // And a song made private the timeline's only.
        move("v2")
        const playlistNow = yield* ask(`${otherPath}p1`)
        expect(yield* ask(path)).not.toBe(timeline)
        expect(yield* ask(`${otherPath}p1`)).toBe(playlistNow)
        expect(calls()).toBe(5)
        const fayNow = yield* ask(`${otherPath}p1`, withSession("fay-1"))
        expect(fayNow).not.toBe(fays)
        expect(yield* ask(`${otherPath}p1`, withSession("fay-1"))).toBe(fayNow)
        yield* ask("/api/playlists/p1/songs", { method: "POST", ...withSession("fay-1") })
        expect(yield* ask(`${otherPath}p1`, withSession("fay-1"))).not.toBe(fayNow)
        expect(calls()).toBe(8)
      }),
  )

  it.effect("a read with a most age is read again once its answer is that old, however still", () =>
    Effect.gen(function* () {
      const { ask, calls } = rig()
      const first = yield* ask(`${searchPath}?q=moon`)
      yield* TestClock.adjust("1999 millis")
      expect(yield* ask(`${searchPath}?q=moon`)).toBe(first)
      yield* TestClock.adjust("1 millis")
      const second = yield* ask(`${searchPath}?q=moon`)
      expect(second).not.toBe(first)
      expect(yield* ask(`${searchPath}?q=moon`)).toBe(second)
      expect(calls()).toBe(2)
    }),
  )
})
