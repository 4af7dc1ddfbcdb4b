import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { type Answer, balanceOf, type browser, signUp } from "./testing.ts"

/** What the Idempotency-Key tests share: generous limits and credits, a song, a paid POST. */

export type Browser = ReturnType<typeof browser>

export const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  SIGNUP_CREDITS: "1000",
  GENERATIONS_PER_HOUR: "1000",
  GENERATIONS_PER_ADDRESS: "1000",
  STEMS_PER_USER: "1000",
  STEMS_PER_ADDRESS: "1000",
  VIDEOS_PER_USER: "1000",
  VIDEOS_PER_ADDRESS: "1000",
  STEMS_CREDITS: "1",
}

/** A new verified account once its signup credits are there (a reaction grants them). */
export const signedUp = (prefix: string) =>
  Effect.tap(signUp(prefix), ({ person }) => balanceOf(person))

export const song = { title: "Tide", lyrics: "[Verse]\nThe tide comes in", style: "pop" }

/** A POST as the SPA sends a paid one: with its key. */
export const paid = (person: Browser, path: string, body: unknown, key: string) =>
  person.send(path, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify(body),
  })

/** A retry's answer: the first one again, said to be replayed. */
export const sameAnswer = (again: Answer, first: Answer, what: string) => {
  expect(again.status, what).toBe(first.status)
  expect(again.body, what).toEqual(first.body)
  expect(again.headers.get("idempotent-replayed"), what).toBe("true")
}
