import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp } from "./testing.ts"
import { openLive as open } from "./testing-live.ts"
import { songOf } from "./testing-playlists.ts"
import { seedGeneration } from "./testing-songs.ts"

describeApp()("live notices", (it) => {
  it.effect(
    "tell a person's open page about their generation as it happens, and nobody else's",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("watching")
        const { person: other } = yield* signUp("elsewhere")
        yield* settle
        const page = yield* open(person)
        expect(page.status).toBe(200)
        expect(page.type).toBe("text/event-stream")
        // A person's notices: kept by no cache, and not buffered or compressed by a proxy.
        expect(page.cacheControl).toBe("private, no-store, no-transform")
        const theirs = yield* open(other)

        const { generationId } = yield* seedGeneration(user.id, "Live Wire", 1)
        const told = yield* page.next()
        expect(told?.id).toMatch(/^\d+:\d+$/)
        expect(JSON.parse(told!.data!)).toEqual({ kind: "generation", id: generationId })
        expect(yield* theirs.next(500)).toBeUndefined()
        yield* page.close
        yield* theirs.close
      }),
  )

  it.effect(
    "resume after a reconnect with what was missed, and say to read again when it is gone",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("reconnecting")
        yield* settle
        const first = yield* open(person)
        yield* seedGeneration(user.id, "Before", 1)
        const seen = yield* first.next()
        yield* first.close

        const { generationId: missed } = yield* seedGeneration(user.id, "Meanwhile", 1)
        const again = yield* open(person, seen!.id)
        expect(JSON.parse((yield* again.next())!.data!)).toEqual({ kind: "generation", id: missed })
        yield* again.close

        const lost = yield* open(person, "1:1")
        expect((yield* lost.next())?.event).toBe("reset")
        yield* lost.close
      }),
  )

  it.effect(
    "tell a creator's open page of a new follower and a comment, and not its writer's",
    () =>
      Effect.gen(function* () {
        const creator = yield* signUp("followed")
        const fan = yield* signUp("following")
        yield* settle
        const page = yield* open(creator.person)
        const fans = yield* open(fan.person)
        yield* fan.person.put(`/api/creators/${creator.user.username}/follow`)
        expect(JSON.parse((yield* page.next())!.data!)).toEqual({ kind: "notifications" })
        const song = yield* songOf(creator, "Talked Of")
        yield* page.next()
        yield* fan.person.post(`/api/songs/${song}/comments`, { text: "Hello" })
        expect(JSON.parse((yield* page.next())!.data!)).toEqual({ kind: "notifications" })
        expect(yield* fans.next(500)).toBeUndefined()
        yield* page.close
        yield* fans.close
      }),
  )

  it.effect("are for signed-in pages only", () =>
    Effect.gen(function* () {
      expect((yield* request("/api/events")).status).toBe(401)
    }),
  )
})
