import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { request } from "#app/testing.ts"
import { CommentsPage } from "#projections/comments/api.ts"
import { decodeBody } from "./testing-client.ts"
import type { Answer, Person } from "./testing-playlists.ts"

/** Whoever reads: a person, or a visitor without a session. */
export type Reader = Pick<Person["person"], "get">
export const visitor: Reader = { get: (path) => request(path) }

/** The song's comments as `who` reads them. */
export const readComments = (who: Reader, songId: string, params = "") =>
  Effect.map(who.get(`/api/songs/${songId}/comments${params}`), (answer: Answer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return decodeBody(CommentsPage, answer)
  })

/** The id of a comment the answer says was posted. */
export const posted = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return (answer.body as { id: string }).id
}
