import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { PlaylistPage } from "#projections/playlists/api.ts"
import type { signUp } from "./testing.ts"
import { callAs, decodeBody } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

// What the playlist tests share: songs to put in lists, lists, and how their answers read.

export type Person = Effect.Effect.Success<ReturnType<typeof signUp>>
export type Answer = Parameters<typeof decodeBody>[1]

/** A saved song, public unless asked. */
export const songOf = (owner: Person, title: string, isPublic = true) =>
  Effect.gen(function* () {
    yield* seedGeneration(owner.user.id, title, 1, "Pop")
    const songs = yield* callAs(owner.person, (api) => api.songs.mySongs())
    const song = songs.find((s) => s.title === `${title} (Version 1)`)!
    if (isPublic) yield* owner.person.patch(`/api/songs/${song.id}/privacy`, { isPublic: true })
    return song.id
  })

/** A new playlist of theirs: its id. */
export const newPlaylist = (owner: Person, body: Record<string, unknown>) =>
  Effect.map(owner.person.post("/api/playlists", body), (answer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return (answer.body as { id: string }).id
  })

/** A playlist's page as the answer gives it, with its songs' titles as asked for. */
export const page = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const list = decodeBody(PlaylistPage, answer)
  return { ...list, titles: list.songs.map((s) => s.title.replace(" (Version 1)", "")) }
}

export { refused } from "./testing-refusals.ts"
