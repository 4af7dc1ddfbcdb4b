import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeAnonymousAnswers } from "./anonymous-answers.ts"

const path = "/api/songs/public"

/** Kept answers over a version the test moves on by hand, and an app that counts its calls. */
const rig = (capacity = 10) => {
  let version = "v1"
  let calls = 0
  const answers = makeAnonymousAnswers({
    paths: new Set([path]),
    version: Effect.sync(() => version),
    capacity,
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
    move: (next: string) => {
      version = next
    },
  }
}

describe("anonymous answers", () => {
  it.effect("one URL is answered once per version for everyone without a session", () =>
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

  it.effect("a session cookie, another method or another path always reaches the app", () =>
    Effect.gen(function* () {
      const { ask, calls } = rig()
      yield* ask(path)
      yield* ask(path, { headers: { cookie: "theme=dark; melody_session=abc" } })
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

  it.effect("at capacity the oldest answer makes room", () =>
    Effect.gen(function* () {
      const { ask, calls } = rig(2)
      yield* ask(`${path}?offset=0`)
      yield* ask(`${path}?offset=20`)
      yield* ask(`${path}?offset=40`)
      expect(calls()).toBe(3)
      yield* ask(`${path}?offset=40`)
      yield* ask(`${path}?offset=20`)
      expect(calls()).toBe(3)
      yield* ask(`${path}?offset=0`)
      expect(calls()).toBe(4)
    }),
  )

  it.effect("an answer made while another reader saw a newer version is not kept", () =>
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
})
