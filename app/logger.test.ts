import { Writable } from "node:stream"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { currentRequestId } from "#events/request-context.ts"
import { loggerLayer } from "./logger.ts"

/** The log lines a program writes, as text. */
const linesOf = (program: Effect.Effect<void>) => {
  const chunks: Array<string> = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  })
  return Effect.as(Effect.provide(program, loggerLayer("info", sink)), chunks)
}

describe("the logger", () => {
  it.effect("masks secret fields, and credentials quoted in messages and causes", () =>
    Effect.gen(function* () {
      const lines = yield* linesOf(
        Effect.logError("upstream refused sk_live_51HxYzSecretKey", {
          password: "hunter2",
          user: "ada",
        }).pipe(
          Effect.zipRight(
            Effect.logError("Request failed").pipe(
              Effect.annotateLogs("step", "pay"),
              Effect.withLogSpan("checkout"),
            ),
          ),
          Effect.zipRight(
            Effect.die(new Error("Authorization: Bearer tok-7c1e9a55d2 was refused")).pipe(
              Effect.catchAllCause((cause) => Effect.logError("Request failed", cause)),
            ),
          ),
        ),
      )
      const text = lines.join("")
      expect(text).toContain("ada")
      expect(text).toContain("was refused")
      for (const secret of ["sk_live_51HxYzSecretKey", "hunter2", "tok-7c1e9a55d2"]) {
        expect(text).not.toContain(secret)
      }
    }),
  )

  it.effect("names the request a line was written for", () =>
    Effect.gen(function* () {
      const lines = yield* linesOf(
        Effect.logInfo("request").pipe(
          Effect.locally(currentRequestId, "req-2f6a91"),
          Effect.zipRight(Effect.logInfo("between requests")),
        ),
      )
      const [inside, between] = lines
        .join("")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
      expect(inside).toMatchObject({ msg: "request", requestId: "req-2f6a91" })
      expect(between.msg).toBe("between requests")
      expect(between).not.toHaveProperty("requestId")
    }),
  )
})
