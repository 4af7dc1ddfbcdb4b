import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { query } from "#events/testing.ts"
import { comments } from "#projections/comments/projection.ts"
import { rebuildProjection } from "#projections/runner.ts"
import { posted, readComments as read, visitor } from "./testing-comments.ts"
import { songOf } from "./testing-playlists.ts"
import { refused, refusedWithoutSession } from "./testing-refusals.ts"

/** The song's count of comments on its own page and on its creator's list of songs. */
const commentCount = (songId: string, username: string) =>
  Effect.gen(function* () {
    const song = (yield* request(`/api/songs/${songId}`)).body as { comments: number }
    const listed = (yield* request(`/api/creators/${username}/songs`)).body as Array<{
      id: string
      comments: number
    }>
    return [song.comments, listed.find((s) => s.id === songId)?.comments]
  })

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("comments", (it) => {
  it.effect("people comment and reply; authors edit and delete; the song's owner removes any", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("singer")
      const fan = yield* signUp("listener")
      const other = yield* signUp("passerby")
      const song = yield* songOf(owner, "Talked About")
      const first = posted(
        yield* fan.person.post(`/api/songs/${song}/comments`, { text: "  Lovely <b>chorus</b> " }),
      )
      const second = posted(yield* other.person.post(`/api/songs/${song}/comments`, { text: "Hi" }))
      const reply = posted(
        yield* owner.person.post(`/api/songs/${song}/comments`, {
          text: "Thanks!",
          replyTo: first,
        }),
      )

      // Every list of songs counts them on the song's card.
      yield* settle
      expect(yield* commentCount(song, owner.user.username)).toEqual([3, 3])

      const anonymous = yield* read(visitor, song)
      expect(anonymous.total).toBe(3)
      expect(anonymous.comments.map((c) => c.id)).toEqual([second, first])
      // Stored and shown as the text it is, trimmed.
      expect(anonymous.comments[1]!.text).toBe("Lovely <b>chorus</b>")
      expect(anonymous.comments[1]!.replies.map((r) => [r.id, r.author.username])).toEqual([
        [reply, owner.user.username],
      ])
      const top = yield* read(fan.person, song, "?order=top")
      expect(top.comments.map((c) => [c.id, c.isYours])).toEqual([
        [first, true],
        [second, false],
      ])

      expect(
        (yield* fan.person.patch(`/api/comments/${first}`, { text: "Lovely bridge" })).status,
      ).toBe(204)
      refused(
        yield* other.person.patch(`/api/comments/${first}`, { text: "Mine" }),
        404,
        /not yours/,
      )
      refused(yield* owner.person.patch(`/api/comments/${first}`, { text: "Mine" }), 404)
      const edited = (yield* read(fan.person, song)).comments.find((c) => c.id === first)!
      expect([edited.text, edited.edited]).toEqual(["Lovely bridge", true])

      // Someone else cannot delete it; the song's owner can delete any comment under it.
      refused(yield* other.person.send(`/api/comments/${first}`, { method: "DELETE" }), 404)
      expect(
        (yield* owner.person.send(`/api/comments/${second}`, { method: "DELETE" })).status,
      ).toBe(204)
      // A comment deleted by its author stays, without its text, while a reply stands under it.
      expect((yield* fan.person.send(`/api/comments/${first}`, { method: "DELETE" })).status).toBe(
        204,
      )
      refused(yield* fan.person.send(`/api/comments/${first}`, { method: "DELETE" }), 404)
      const after = yield* read(other.person, song)
      expect(after.total).toBe(1)
      expect(after.comments.map((c) => [c.id, c.deleted, c.text, c.replies.length])).toEqual([
        [first, true, "", 1],
      ])
      expect(
        (yield* owner.person.send(`/api/comments/${reply}`, { method: "DELETE" })).status,
      ).toBe(204)
      expect((yield* read(other.person, song)).comments).toEqual([])
      yield* settle
      expect(yield* commentCount(song, owner.user.username)).toEqual([0, 0])
    }),
  )

  it.effect("bad input, replies to replies and private songs are refused and change nothing", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("careful")
      const fan = yield* signUp("eager")
      const song = yield* songOf(owner, "Open Song")
      const hidden = yield* songOf(owner, "Hidden Song", false)
      const first = posted(yield* fan.person.post(`/api/songs/${song}/comments`, { text: "One" }))
      const reply = posted(
        yield* fan.person.post(`/api/songs/${song}/comments`, { text: "Two", replyTo: first }),
      )
      const at = `/api/songs/${song}/comments`
      refused(yield* fan.person.post(at, { text: "   " }), 400, /A comment is required/)
      refused(
        yield* fan.person.post(at, { text: "x".repeat(1001) }),
        400,
        /at most 1000 characters/,
      )
      refused(yield* fan.person.post(at, { text: "x".repeat(1_048_576) }), 413)
      refused(yield* fan.person.post(at, { text: "Deeper", replyTo: reply }), 400, /one level deep/)
      refused(yield* fan.person.post(at, { text: "Lost", replyTo: "nope" }), 400, /no longer there/)
      refused(yield* fan.person.post(at, { text: 12 }), 400)
      refused(yield* fan.person.patch(`/api/comments/${first}`, { text: "" }), 400)
      refused(yield* fan.person.get(`${at}?order=loudest`), 400, /order must be one of/)
      refused(yield* fan.person.get(`${at}?limit=0`), 400)

      // A private song is not there for anyone but its owner: not to comment on, not to read.
      const admin = yield* signUpGrantedAdmin("warden")
      for (const who of [fan.person, admin.person]) {
        refused(yield* who.post(`/api/songs/${hidden}/comments`, { text: "Hello" }), 404, /private/)
        refused(yield* who.get(`/api/songs/${hidden}/comments`), 404)
      }
      refused(yield* request(`/api/songs/${hidden}/comments`), 404)
      expect((yield* read(owner.person, hidden)).total).toBe(0)
      refused(yield* owner.person.post(`/api/songs/${hidden}/comments`, { text: "Me" }), 404)
      refused(
        yield* fan.person.post(`/api/songs/${crypto.randomUUID()}/comments`, { text: "?" }),
        404,
      )
      // An admin has no hand in another person's comment here.
      refused(yield* admin.person.patch(`/api/comments/${first}`, { text: "Moderated" }), 404)
      refused(yield* admin.person.send(`/api/comments/${first}`, { method: "DELETE" }), 404)

      yield* refusedWithoutSession([
        ["POST", at, { text: "Anonymous" }],
        ["PATCH", `/api/comments/${first}`, { text: "Anonymous" }],
        ["DELETE", `/api/comments/${first}`, undefined],
        ["PUT", `${at}/open`, { open: false }],
      ])
      const page = yield* read(fan.person, song)
      expect(page.total).toBe(2)
      expect(page.comments.map((c) => [c.text, c.replies.map((r) => r.text)])).toEqual([
        ["One", ["Two"]],
      ])
    }),
  )

  it.effect("the song's owner turns comments off and on; a person posts ten a minute at most", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("quiet")
      const fan = yield* signUp("chatty")
      const song = yield* songOf(owner, "Quiet Song")
      const at = `/api/songs/${song}/comments`
      posted(yield* fan.person.post(at, { text: "Before" }))
      refused(yield* fan.person.put(`${at}/open`, { open: false }), 404)
      refused(
        yield* owner.person.put(`${at}/open`, { open: "no" }),
        400,
        /open must be true or false/,
      )
      expect((yield* owner.person.put(`${at}/open`, { open: false })).body).toEqual({ open: false })
      refused(yield* fan.person.post(at, { text: "After" }), 403, /turned off/)
      expect(yield* read(fan.person, song)).toMatchObject({ open: false, total: 0, comments: [] })
      yield* settle
      // Turned off, a song's card shows none.
      expect(yield* commentCount(song, owner.user.username)).toEqual([0, 0])
      const own = yield* read(owner.person, song)
      expect([own.open, own.isYourSong, own.total]).toEqual([false, true, 1])
      yield* owner.person.put(`${at}/open`, { open: true })
      expect((yield* read(fan.person, song)).total).toBe(1)
      yield* settle
      expect(yield* commentCount(song, owner.user.username)).toEqual([1, 1])

      for (let n = 2; n <= 10; n++) posted(yield* fan.person.post(at, { text: `Number ${n}` }))
      refused(yield* fan.person.post(at, { text: "One too many" }), 429, /Too many attempts/)
      expect((yield* read(fan.person, song)).total).toBe(10)
    }),
  )

  it.effect("rebuilds to the same rows, twice", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("again")
      const fan = yield* signUp("again_fan")
      const song = yield* songOf(owner, "Rebuilt")
      const first = posted(yield* fan.person.post(`/api/songs/${song}/comments`, { text: "A" }))
      posted(yield* owner.person.post(`/api/songs/${song}/comments`, { text: "B", replyTo: first }))
      yield* fan.person.patch(`/api/comments/${first}`, { text: "A2" })
      yield* owner.person.put(`/api/songs/${song}/comments/open`, { open: false })
      yield* settle
      const rows = Effect.all(
        ["song_comments", "comment_songs", "comment_people"].map((table) =>
          query(`select * from ${table} order by 1`),
        ),
      )
      const before = yield* rows
      yield* rebuildProjection(comments)
      const once = yield* rows
      yield* rebuildProjection(comments)
      expect(once).toEqual(before)
      expect(yield* rows).toEqual(before)
    }),
  )
})
