import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, settle, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { Actors } from "#events/contracts/actor.ts"
import { mediaStreams, SongGenerationFailed } from "#events/contracts/media.ts"
import { EventStore, toNewEvent } from "#events/store/index.ts"
import { query } from "#events/testing.ts"
import { NotificationsPage } from "#projections/notifications/api.ts"
import { notifications } from "#projections/notifications/projection.ts"
import { rebuildProjection } from "#projections/runner.ts"
import { decodeBody } from "./testing-client.ts"
import { type Person, songOf } from "./testing-playlists.ts"
import { refused, refusedWithoutSession } from "./testing-refusals.ts"

/** What `who` is told, newest first: each as its kind and who or what it names. */
const told = (who: Person) =>
  Effect.gen(function* () {
    yield* settle
    const answer = yield* who.person.get("/api/notifications")
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const page = decodeBody(NotificationsPage, answer)
    return {
      unread: page.unread,
      ids: page.notifications.map((n) => n.id),
      seen: page.notifications.map((n) =>
        [n.kind, n.actor?.username ?? n.song?.title ?? n.title, n.read ? "read" : "unread"].join(
          " ",
        ),
      ),
      page,
    }
  })

const encodeFailed = toNewEvent(SongGenerationFailed)

/** A generation of theirs failed, its credits given back. */
const failedFor = (userId: string, reason: string) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const generationId = crypto.randomUUID()
    const event = new SongGenerationFailed({
      generationId,
      userId,
      status: "GENERATE_AUDIO_FAILED",
      reason,
      credits: 10,
    })
    yield* store.append(mediaStreams.generation(generationId), "any", [
      encodeFailed(
        event,
        { actor: Actors.system("media"), correlationId: generationId },
        generationId,
      ),
    ])
  })

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("notifications", (it) => {
  it.effect("a person is told of followers, comments, replies, finished and failed songs", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("told")
      const fan = yield* signUp("teller")
      const third = yield* signUp("chimer")
      const song = yield* songOf(creator, "Bell Tower")
      const title = "Bell Tower (Version 1)"
      expect((yield* told(creator)).seen).toEqual([`song_ready Bell Tower unread`])

      yield* fan.person.put(`/api/creators/${creator.user.username}/follow`)
      const comment = (yield* fan.person.post(`/api/songs/${song}/comments`, { text: "Lovely" }))
        .body as { id: string }
      yield* creator.person.post(`/api/songs/${song}/comments`, {
        text: "Thanks",
        replyTo: comment.id,
      })
      yield* third.person.post(`/api/songs/${song}/comments`, {
        text: "Agreed",
        replyTo: comment.id,
      })
      yield* failedFor(fan.user.id, "The music server is busy; your credits have been refunded.")

      const ofCreator = yield* told(creator)
      expect(ofCreator.seen).toEqual([
        `comment ${third.user.username} unread`,
        `comment ${fan.user.username} unread`,
        `follower ${fan.user.username} unread`,
        `song_ready Bell Tower unread`,
      ])
      expect(ofCreator.page.notifications[0]!.song).toEqual({ id: song, title })
      const ofFan = yield* told(fan)
      expect(ofFan.seen).toEqual([
        "song_failed  unread",
        `reply ${third.user.username} unread`,
        `reply ${creator.user.username} unread`,
      ])
      expect(ofFan.page.notifications[0]).toMatchObject({
        reason: "The music server is busy; your credits have been refunded.",
        credits: 10,
      })
      // Nobody is told of what they did themselves.
      expect((yield* told(third)).seen).toEqual([])

      // A comment taken back takes its notification with it.
      yield* third.person.send(`/api/comments/${comment.id}`, { method: "DELETE" })
      expect((yield* told(creator)).seen.length).toBe(4)
      yield* fan.person.send(`/api/comments/${comment.id}`, { method: "DELETE" })
      expect((yield* told(creator)).seen).toEqual([
        `comment ${third.user.username} unread`,
        `follower ${fan.user.username} unread`,
        `song_ready Bell Tower unread`,
      ])

      // Read one, then all through the newest; the count follows.
      const ids = (yield* told(creator)).ids
      expect((yield* creator.person.post(`/api/notifications/${ids[1]}/read`)).status).toBe(204)
      expect((yield* told(creator)).unread).toBe(2)
      expect((yield* creator.person.get("/api/notifications/unread")).body).toEqual({ unread: 2 })
      yield* creator.person.post("/api/notifications/read", { through: ids[0] })
      expect((yield* told(creator)).seen.every((line) => line.endsWith(" read"))).toBe(true)
      // Paged from the newest, older than the last shown.
      const older = decodeBody(
        NotificationsPage,
        yield* creator.person.get(`/api/notifications?limit=1&before=${ids[0]}`),
      )
      expect(older.notifications.map((n) => n.id)).toEqual([ids[1]])
    }),
  )

  it.effect("a song's owner is told when it reaches 10 likes, once", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("liked")
      const song = yield* songOf(creator, "Crowd Pleaser")
      const likers = []
      for (let n = 0; n < 10; n++) likers.push(yield* signUp(`liker${n}`))
      for (const liker of likers.slice(0, 9)) yield* liker.person.post(`/api/songs/${song}/like`)
      expect((yield* told(creator)).seen).toEqual(["song_ready Crowd Pleaser unread"])
      yield* likers[9]!.person.post(`/api/songs/${song}/like`)
      const reached = yield* told(creator)
      expect(reached.seen[0]).toBe("likes Crowd Pleaser (Version 1) unread")
      expect(reached.page.notifications[0]!.likes).toBe(10)
      // Falling under and reaching it again tells nothing new.
      yield* likers[9]!.person.send(`/api/songs/${song}/like`, { method: "DELETE" })
      yield* likers[9]!.person.post(`/api/songs/${song}/like`)
      expect((yield* told(creator)).seen.length).toBe(2)
    }),
  )

  it.effect("no one reads or marks another's notifications; bad input changes nothing", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("private")
      const other = yield* signUp("nosy")
      const admin = yield* signUpGrantedAdmin("overseer")
      const song = yield* songOf(creator, "Hidden Later")
      yield* other.person.put(`/api/creators/${creator.user.username}/follow`)
      const mine = yield* told(creator)
      expect(mine.unread).toBe(2)
      for (const who of [other, admin]) {
        const theirs = yield* told(who)
        expect(theirs.ids.some((id) => mine.ids.includes(id))).toBe(false)
        yield* who.person.post("/api/notifications/read", { through: mine.ids[0] })
        yield* who.person.post(`/api/notifications/${mine.ids[1]}/read`)
      }
      expect((yield* told(creator)).unread).toBe(2)

      const through = { through: mine.ids[0] }
      yield* refusedWithoutSession([
        ["GET", "/api/notifications", undefined],
        ["GET", "/api/notifications/unread", undefined],
        ["POST", "/api/notifications/read", through],
        ["POST", `/api/notifications/${mine.ids[0]}/read`, through],
      ])
      const at = creator.person
      refused(yield* at.post("/api/notifications/read", { through: -1 }), 400, /whole number/)
      refused(yield* at.post("/api/notifications/read", { through: "all" }), 400)
      refused(yield* at.post("/api/notifications/read", {}), 400)
      refused(yield* at.post("/api/notifications/abc/read"), 400, /whole number/)
      refused(yield* at.get("/api/notifications?limit=500"), 400, /limit must be/)
      refused(yield* at.get("/api/notifications?before=x"), 400)
      expect((yield* told(creator)).unread).toBe(2)

      // A fan told of a reply on a song that turned private no longer reads of it.
      const comment = (yield* other.person.post(`/api/songs/${song}/comments`, { text: "Hi" }))
        .body as { id: string }
      yield* creator.person.post(`/api/songs/${song}/comments`, { text: "Yo", replyTo: comment.id })
      expect((yield* told(other)).seen).toEqual([`reply ${creator.user.username} unread`])
      yield* creator.person.patch(`/api/songs/${song}/privacy`, { isPublic: false })
      const after = yield* told(other)
      expect([after.seen, after.unread]).toEqual([[], 0])
    }),
  )

  it.effect("rebuilds to the same rows, twice", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("rebuilt")
      const fan = yield* signUp("rebuilt_fan")
      const song = yield* songOf(creator, "Again And Again")
      yield* fan.person.put(`/api/creators/${creator.user.username}/follow`)
      yield* fan.person.post(`/api/songs/${song}/comments`, { text: "Once more" })
      const { ids } = yield* told(creator)
      yield* creator.person.post("/api/notifications/read", { through: ids[1] })
      yield* settle
      const rows = Effect.all(
        ["notifications", "notification_songs", "notification_people"].map((table) =>
          query(`select * from ${table} order by 1, 2`),
        ),
      )
      const before = yield* rows
      yield* rebuildProjection(notifications)
      const once = yield* rows
      yield* rebuildProjection(notifications)
      expect(once).toEqual(before)
      expect(yield* rows).toEqual(before)
    }),
  )
})
