import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { RepliesPage } from "#projections/comments/api.ts"
import { decodeBody } from "./testing-client.ts"
import { posted, type Reader, readComments, visitor } from "./testing-comments.ts"
import type { Answer } from "./testing-playlists.ts"
import { songOf } from "./testing-playlists.ts"
import { refused } from "./testing-refusals.ts"

/** A comment's replies as `who` reads them: their texts, and whether more stand. */
const replies = (who: Reader, songId: string, commentId: string, params = "") =>
  Effect.map(
    who.get(`/api/songs/${songId}/comments/${commentId}/replies${params}`),
    (answer: Answer) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const page = decodeBody(RepliesPage, answer)
      return [page.replies.map((reply) => reply.text), page.more]
    },
  )

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("a comment's replies", (it) => {
  it.effect("a page carries three replies under each comment; the rest are read on asking", () =>
    Effect.gen(function* () {
      const owner = yield* signUp("answered")
      const asker = yield* signUp("asker")
      const chatty = yield* signUp("chatty_replier")
      const admin = yield* signUpGrantedAdmin("reply_warden")
      const song = yield* songOf(owner, "Much Answered")
      const other = yield* songOf(owner, "Elsewhere")
      const hidden = yield* songOf(owner, "Kept Close")
      const at = `/api/songs/${song}/comments`
      const first = posted(yield* asker.person.post(at, { text: "Why?" }))
      const texts = ["R1", "R2", "R3", "R4", "R5"]
      const ids: Array<string> = []
      for (const text of texts) {
        ids.push(posted(yield* chatty.person.post(at, { text, replyTo: first })))
      }
      const second = posted(yield* owner.person.post(at, { text: "Quiet one" }))
      const elsewhere = posted(
        yield* asker.person.post(`/api/songs/${other}/comments`, { text: "Other" }),
      )
      const own = posted(
        yield* asker.person.post(`/api/songs/${hidden}/comments`, { text: "Before it closed" }),
      )
      yield* owner.person.patch(`/api/songs/${hidden}/privacy`, { isPublic: false })

      const page = yield* readComments(visitor, song)
      expect(page.total).toBe(7)
      expect(page.comments.map((c) => [c.id, c.replies.map((r) => r.text), c.moreReplies])).toEqual(
        [
          [second, [], false],
          [first, ["R1", "R2", "R3"], true],
        ],
      )
      for (const who of [visitor, asker.person, admin.person]) {
        expect(yield* replies(who, song, first)).toEqual([texts, false])
      }
      expect(yield* replies(visitor, song, first, "?limit=2")).toEqual([["R1", "R2"], true])
      expect(yield* replies(visitor, song, first, "?limit=2&offset=4")).toEqual([["R5"], false])
      expect(yield* replies(visitor, song, second)).toEqual([[], false])

      // A deleted reply leaves the list; under three, a page carries them all.
      yield* chatty.person.send(`/api/comments/${ids[1]}`, { method: "DELETE" })
      yield* chatty.person.send(`/api/comments/${ids[3]}`, { method: "DELETE" })
      const fewer = yield* readComments(visitor, song)
      expect(fewer.total).toBe(5)
      expect(fewer.comments[1]).toMatchObject({ moreReplies: false })
      expect(fewer.comments[1]!.replies.map((r) => r.text)).toEqual(["R1", "R3", "R5"])

      // Someone who blocks the replier reads none of their replies, and counts none.
      yield* asker.person.put(`/api/creators/${chatty.user.username}/block`, {})
      const blocking = yield* readComments(asker.person, song)
      expect(blocking.total).toBe(2)
      expect(blocking.comments.map((c) => [c.replies.length, c.moreReplies])).toEqual([
        [0, false],
        [0, false],
      ])
      expect(yield* replies(asker.person, song, first)).toEqual([[], false])
      expect(yield* replies(owner.person, song, first)).toEqual([["R1", "R3", "R5"], false])

      // Bad input, and comments that are not a comment of this song, change nothing and say why.
      const path = `${at}/${first}/replies`
      refused(yield* request(`${path}?limit=0`), 400)
      refused(yield* request(`${path}?limit=501`), 400)
      refused(yield* request(`${path}?offset=-1`), 400)
      for (const commentId of [ids[0], elsewhere, "nope"]) {
        refused(yield* request(`${at}/${commentId}/replies`), 404, /does not exist/)
      }
      refused(yield* request(`${at}/${"x".repeat(65)}/replies`), 400)
      // A song made private keeps its replies for its owner alone.
      const kept = `/api/songs/${hidden}/comments/${own}/replies`
      for (const who of [visitor, asker.person, admin.person]) refused(yield* who.get(kept), 404)
      expect(yield* replies(owner.person, hidden, own)).toEqual([[], false])
    }),
  )
})
