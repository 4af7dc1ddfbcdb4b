import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { type Answer, request } from "./testing-http.ts"

/** A refusal with this status, and this message where given. */
export const refused = (answer: Answer, status: number, message?: RegExp) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  if (message) expect((answer.body as { message: string }).message).toMatch(message)
}

/** A call, as [method, path, JSON body or nothing]. */
export type Call = readonly [string, string, unknown]

/** Each call, made without a session, is refused as asking who is calling (401). */
export const refusedWithoutSession = (calls: ReadonlyArray<Call>) =>
  Effect.forEach(calls, ([method, path, body]) =>
    Effect.map(
      request(path, {
        method,
        headers: { "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
      (answer) => refused(answer, 401),
    ),
  )
