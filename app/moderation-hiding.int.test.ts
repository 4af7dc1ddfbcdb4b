import { expect } from "@effect/vitest"
import { Effect } from "effect"
import {
  describeApp,
  readOwnWrites,
  request,
  settle,
  signUp,
  signUpGrantedAdmin,
} from "#app/testing.ts"
import { query } from "#events/testing.ts"
import { comments } from "#projections/comments/projection.ts"
import { moderation } from "#projections/moderation/projection.ts"
import { rebuildProjection } from "#projections/runner.ts"
import { posted, readComments, visitor } from "./testing-comments.ts"
import { newPlaylist, type Person, songOf } from "./testing-playlists.ts"
import { refused, refusedWithoutSession } from "./testing-refusals.ts"

const ok = (answer: { readonly status: number; readonly body: unknown }, status = 200) =>
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)

/**
 * Every place a public song is read from, as one person (or nobody) asks: whether `title` shows there.
 * The song's own page, its player, audio and comments answer 404 where it does not.
 */
const whereItShows = (who: Person | undefined, songId: string, title: string, owner: Person) =>
  Effect.gen(function* () {
    const get = (path: string) => (who === undefined ? request(path) : who.person.get(path))
    const has = (path: string) => Effect.map(get(path), (answer) => answer.text.includes(title))
    const found = (path: string) => Effect.map(get(path), (answer) => answer.status === 200)
    const pageUrl = encodeURIComponent(`http://127.0.0.1/song/${songId}`)
    return {
      timeline: yield* has("/api/songs/public"),
      newest: yield* has("/api/songs/newest"),
      trending: yield* has("/api/songs/trending"),
      search: yield* has(`/api/search?q=${encodeURIComponent(title)}`),
      creator: yield* has(`/api/creators/${owner.user.username}/songs`),
      sitemap: yield* Effect.map(get("/sitemap-songs-1.xml"), (a) => a.text.includes(songId)),
      page: yield* found(`/api/songs/${songId}`),
      audio: yield* found(`/api/songs/${songId}/audio`),
      comments: yield* found(`/api/songs/${songId}/comments`),
      embed: yield* found(`/embed/song/${songId}`),
      oembed: yield* found(`/api/oembed?url=${pageUrl}`),
    }
  })

const everywhere = (shown: boolean) => ({
  timeline: shown,
  newest: shown,
  trending: shown,
  search: shown,
  creator: shown,
  sitemap: shown,
  page: shown,
  audio: shown,
  comments: shown,
  embed: shown,
  oembed: shown,
})

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000", ...readOwnWrites } })(
  "moderation",
  (it) => {
    it.effect(
      "a hidden song is gone from every public read path but its author's, who is told why and appeals once; another admin restores it",
      () =>
        Effect.gen(function* () {
          const maker = yield* signUp("hidden_maker")
          const fan = yield* signUp("hidden_fan")
          const ada = yield* signUpGrantedAdmin("hiding_admin")
          const grace = yield* signUpGrantedAdmin("appeal_admin")
          const title = "Zanzibar Quokka"
          const songId = yield* songOf(maker, title)
          // Liked, so it trends.
          ok(yield* fan.person.post(`/api/songs/${songId}/like`, {}))
          const list = yield* newPlaylist(fan, { name: "Fan Picks", songId })
          ok(yield* fan.person.put(`/api/playlists/${list}/privacy`, { isPublic: true }), 204)
          ok(
            yield* fan.person.post("/api/reports", {
              kind: "song",
              id: songId,
              reason: "copyright",
            }),
            201,
          )
          yield* settle
          expect(yield* whereItShows(undefined, songId, title, maker)).toEqual(everywhere(true))

          const decide = {
            kind: "song",
            id: songId,
            outcome: "hidden",
            reason: "It copies a song.",
          }
          refused(yield* fan.person.post("/api/admin/decisions", decide), 404)
          yield* refusedWithoutSession([["POST", "/api/admin/decisions", decide]])
          refused(
            yield* ada.person.post("/api/admin/decisions", { ...decide, reason: "" }),
            400,
            /Reason is required/,
          )
          refused(
            yield* ada.person.post("/api/admin/decisions", { ...decide, outcome: "banished" }),
            400,
            /outcome must be one of/,
          )
          const hid = yield* ada.person.post("/api/admin/decisions", decide)
          ok(hid)
          expect(hid.body).toMatchObject({ message: expect.stringMatching(/1 report closed/) })
          refused(yield* ada.person.post("/api/admin/decisions", decide), 409, /hidden already/)
          yield* settle

          for (const who of [undefined, fan, grace]) {
            expect(yield* whereItShows(who, songId, title, maker)).toEqual(everywhere(false))
          }
          const listed = yield* fan.person.get(`/api/playlists/${list}`)
          expect(listed.text).not.toContain(title)
          // Its author still has it, marked hidden and why.
          const own = yield* maker.person.get(`/api/songs/${songId}`)
          ok(own)
          expect(own.body).toMatchObject({
            isPublic: true,
            hidden: "It copies a song.",
          })
          expect((yield* maker.person.get("/api/songs/my-songs")).text).toContain(
            "It copies a song.",
          )
          // Each one told: the reporter of the outcome, the author of why.
          const news = (who: Person) =>
            Effect.map(
              who.person.get("/api/notifications"),
              (a) =>
                (a.body as { notifications: ReadonlyArray<Record<string, unknown>> }).notifications,
            )
          expect((yield* news(fan))[0]).toMatchObject({
            kind: "report_decided",
            outcome: "hidden",
            item: { kind: "song", id: songId },
          })
          expect((yield* news(maker))[0]).toMatchObject({
            kind: "hidden",
            reason: "It copies a song.",
            song: { id: songId },
          })

          // The author appeals once; nobody else may.
          const appeal = { kind: "song", id: songId, text: "I wrote every note of it." }
          refused(yield* fan.person.post("/api/appeals", appeal), 404)
          refused(yield* maker.person.post("/api/appeals", { ...appeal, text: " " }), 400)
          ok(yield* maker.person.post("/api/appeals", appeal), 201)
          refused(yield* maker.person.post("/api/appeals", appeal), 409, /appealed already/)
          yield* settle
          const appeals = yield* grace.person.get("/api/admin/appeals")
          expect(appeals.body).toMatchObject([
            {
              kind: "song",
              id: songId,
              author: maker.user.username,
              text: "I wrote every note of it.",
              hiddenBy: ada.user.username,
              hiddenReason: "It copies a song.",
            },
          ])
          refused(yield* fan.person.get("/api/admin/appeals"), 404)

          // Another admin decides it.
          const restore = {
            kind: "song",
            id: songId,
            restored: true,
            reason: "The author's own work.",
          }
          refused(yield* ada.person.post("/api/admin/appeals", restore), 403, /another admin/)
          refused(yield* maker.person.post("/api/admin/appeals", restore), 404)
          ok(yield* grace.person.post("/api/admin/appeals", restore))
          refused(yield* grace.person.post("/api/admin/appeals", restore), 409, /no open appeal/)
          yield* settle
          expect(yield* whereItShows(undefined, songId, title, maker)).toEqual(everywhere(true))
          expect((yield* fan.person.get(`/api/playlists/${list}`)).text).toContain(title)
          expect((yield* news(maker))[0]).toMatchObject({ kind: "appeal_decided", restored: true })
          expect((yield* maker.person.get(`/api/songs/${songId}`)).body).toMatchObject({
            hidden: null,
          })
        }),
    )

    it.effect(
      "a hidden comment is shown to its author only, with why; a dismissal leaves things as they are",
      () =>
        Effect.gen(function* () {
          const maker = yield* signUp("thread_maker")
          const troll = yield* signUp("thread_troll")
          const fan = yield* signUp("thread_fan")
          const admin = yield* signUpGrantedAdmin("thread_admin")
          const songId = yield* songOf(maker, "Quiet Thread")
          const commentId = posted(
            yield* troll.person.post(`/api/songs/${songId}/comments`, {
              text: "You sing like a goat",
            }),
          )
          const kind = { kind: "comment", id: commentId }
          ok(yield* fan.person.post("/api/reports", { ...kind, reason: "harassment" }), 201)
          ok(yield* maker.person.post("/api/reports", { ...kind, reason: "harassment" }), 201)
          yield* settle
          const dismissed = yield* admin.person.post("/api/admin/decisions", {
            ...kind,
            outcome: "dismissed",
            reason: "Rude, not harassment.",
          })
          ok(dismissed)
          expect(dismissed.body).toMatchObject({ message: "Dismissed: 2 reports closed." })
          const again = { ...kind, outcome: "dismissed", reason: "x" }
          refused(yield* admin.person.post("/api/admin/decisions", again), 409, /no open reports/)
          yield* settle
          const queue = yield* admin.person.get("/api/admin/reports")
          expect(queue.text).not.toContain(commentId)
          // Reported again after the dismissal, by the same person: a new report.
          ok(yield* fan.person.post("/api/reports", { ...kind, reason: "hate" }), 201)
          ok(
            yield* admin.person.post("/api/admin/decisions", {
              ...kind,
              outcome: "hidden",
              reason: "Insults another person.",
            }),
          )
          yield* settle
          for (const who of [visitor, fan.person, maker.person]) {
            expect(yield* readComments(who, songId)).toMatchObject({ total: 0, comments: [] })
          }
          // Its author is shown it, and counts it.
          expect(yield* readComments(troll.person, songId)).toMatchObject({
            total: 1,
            comments: [{ text: "You sing like a goat", hidden: "Insults another person." }],
          })

          const rows = Effect.all(
            ["moderation_reports", "moderation_hidden", "song_comments"].map((table) =>
              query(`select * from ${table} order by 1`),
            ),
          )
          const before = yield* rows
          yield* rebuildProjection(moderation)
          yield* rebuildProjection(comments)
          yield* rebuildProjection(moderation)
          expect(yield* rows).toEqual(before)
        }),
    )
  },
)
