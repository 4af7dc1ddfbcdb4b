import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { identityStreams, UserLoggedOut } from "#events/contracts/identity.ts"
import { EventStore, toNewEvent } from "#events/store/index.ts"
import { query } from "#events/testing.ts"
import { browser, describeApp, postJson, runJobs, settle, signUp } from "./testing.ts"
import { clientOf } from "./testing-client.ts"
import { openLive } from "./testing-live.ts"
import { seedGeneration } from "./testing-songs.ts"

/** The same person signed in a second time, as on another device. */
const signInAgain = (username: string) =>
  Effect.gen(function* () {
    const device = browser()
    const answer = yield* device.post("/api/login", {
      username,
      password: "secret-password",
    })
    expect(answer.status).toBe(200)
    return device
  })

const encodeLoggedOut = toNewEvent(UserLoggedOut)

describeApp()("live streams of an ended session", (it) => {
  it.effect("end when it signs out, while the person's other sessions keep theirs", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("leaving")
      const elsewhere = yield* signInAgain(user.username)
      yield* settle
      const page = yield* openLive(person)
      const other = yield* openLive(elsewhere)
      expect((yield* person.post("/api/logout")).status).toBe(200)
      expect(yield* page.endsWithin(3000)).toBe(true)

      const { generationId } = yield* seedGeneration(user.id, "Still Here", 1)
      expect(JSON.parse((yield* other.next())!.data!)).toEqual({
        kind: "generation",
        id: generationId,
      })
      expect(yield* other.endsWithin(500)).toBe(false)
      yield* other.close
    }),
  )

  it.effect("end everywhere when the password is reset", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("forgetful")
      const elsewhere = yield* signInAgain(user.username)
      yield* settle
      const pages = [yield* openLive(person), yield* openLive(elsewhere)]
      yield* postJson("/api/forgot-password", { email: user.email })
      yield* runJobs
      const mailbox = yield* (yield* clientOf()).identity.mailbox()
      const link = mailbox.messages
        .find((message) => message.to === user.email)
        ?.links.find((l) => l.includes("reset-password"))
      const token = new URL(link!).searchParams.get("token")
      const reset = yield* postJson("/api/reset-password", { token, password: "a-new-secret" })
      expect(reset.status).toBe(200)
      for (const page of pages) expect(yield* page.endsWithin(3000)).toBe(true)
    }),
  )

  it.effect("end when another server process signs the session out", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("replica")
      yield* settle
      const page = yield* openLive(person)
      // This process remembers the session as signed in: it was used a moment ago.
      expect((yield* person.get("/api/user")).status).toBe(200)
      // What another process's sign-out writes: the session gone, and the fact on the person's log.
      yield* query("delete from identity.session where sess ->> 'userId' = $1", [user.id])
      const store = yield* EventStore
      yield* store.append(identityStreams.logins(user.id), "any", [
        encodeLoggedOut(
          new UserLoggedOut({ userId: user.id }),
          { actor: Actors.user(user.id), correlationId: crypto.randomUUID() },
          crypto.randomUUID(),
        ),
      ])
      expect(yield* page.endsWithin(3000)).toBe(true)
    }),
  )

  it.effect("end when the session runs out, whoever notices", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("expiring")
      yield* settle
      const page = yield* openLive(person)
      yield* query(
        "update identity.session set expire = now() - interval '1 second' where sess ->> 'userId' = $1",
        [user.id],
      )
      expect(yield* page.endsWithin(8000)).toBe(true)
    }),
  )
})
