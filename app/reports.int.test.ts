import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { query } from "#events/testing.ts"
import { ReportQueue } from "#projections/moderation/api.ts"
import { moderation } from "#projections/moderation/projection.ts"
import { rebuildProjection } from "#projections/runner.ts"
import { decodeBody } from "./testing-client.ts"
import { newPlaylist, type Person, songOf } from "./testing-playlists.ts"
import { refused, refusedWithoutSession } from "./testing-refusals.ts"

const report = (who: Person, body: Record<string, unknown>) => who.person.post("/api/reports", body)

const filed = (answer: { readonly status: number; readonly body: unknown }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  expect(answer.body).toMatchObject({
    message: "Thank you. An admin will look at it, and you will be told what they decide.",
  })
}

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("reports", (it) => {
  it.effect(
    "people report what others made once each; admins see it grouped, the most reported first",
    () =>
      Effect.gen(function* () {
        const maker = yield* signUp("reported")
        const fan = yield* signUp("reporter")
        const other = yield* signUp("second_reporter")
        const admin = yield* signUpGrantedAdmin("moderator")
        const song = yield* songOf(maker, "Loud Noise")
        const hidden = yield* songOf(maker, "Kept Quiet", false)
        const comment = (yield* maker.person.post(`/api/songs/${song}/comments`, {
          text: "Buy my mixtape",
        })).body as { id: string }
        const list = yield* newPlaylist(maker, { name: "Bad Names", songId: song })

        filed(yield* report(fan, { kind: "song", id: song, reason: "copyright" }))
        refused(
          yield* report(fan, { kind: "song", id: song, reason: "spam" }),
          409,
          /already reported this song/,
        )
        filed(
          yield* report(other, {
            kind: "song",
            id: song,
            reason: "other",
            details: "  Stolen beat  ",
          }),
        )
        filed(yield* report(fan, { kind: "comment", id: comment.id, reason: "spam" }))
        filed(yield* report(fan, { kind: "playlist", id: list, reason: "hate" }))
        filed(
          yield* report(fan, { kind: "creator", id: maker.user.username, reason: "impersonation" }),
        )

        refused(yield* report(maker, { kind: "song", id: song, reason: "spam" }), 400, /is yours/)
        refused(
          yield* report(maker, { kind: "creator", id: maker.user.username, reason: "spam" }),
          400,
          /yourself/,
        )
        refused(yield* report(fan, { kind: "song", id: hidden, reason: "spam" }), 404, /private/)
        refused(yield* report(fan, { kind: "creator", id: "nobody_at_all", reason: "spam" }), 404)
        refused(
          yield* report(fan, { kind: "lyric", id: song, reason: "spam" }),
          400,
          /kind must be one of/,
        )
        refused(
          yield* report(fan, { kind: "song", id: song, reason: "boring" }),
          400,
          /reason must be one of/,
        )
        refused(
          yield* report(other, { kind: "comment", id: comment.id, reason: "other" }),
          400,
          /Say what is wrong/,
        )
        refused(
          yield* report(other, {
            kind: "comment",
            id: comment.id,
            reason: "other",
            details: "x".repeat(501),
          }),
          400,
          /at most 500/,
        )
        yield* refusedWithoutSession([
          ["POST", "/api/reports", { kind: "song", id: song, reason: "spam" }],
        ])

        yield* settle
        const queue = decodeBody(ReportQueue, yield* admin.person.get("/api/admin/reports"))
        const ours = queue.items.filter((item) => item.author === maker.user.username)
        expect(ours.map((item) => [item.kind, item.count, item.seen])).toEqual([
          ["song", 2, "Loud Noise (Version 1)"],
          ["creator", 1, maker.user.username],
          ["playlist", 1, "Bad Names"],
          ["comment", 1, "Buy my mixtape"],
        ])
        expect(ours[0]!.reports.map((r) => [r.reporter, r.reason, r.details])).toEqual([
          [other.user.username, "other", "Stolen beat"],
          [fan.user.username, "copyright", ""],
        ])
        // Admin pages are not there for anyone else.
        refused(yield* fan.person.get("/api/admin/reports"), 404)
        refused(yield* request("/api/admin/reports"), 401)
        refused(yield* admin.person.get("/api/admin/reports?limit=0"), 400, /limit must be/)
      }),
  )

  it.effect("rebuilds to the same rows, twice", () =>
    Effect.gen(function* () {
      const maker = yield* signUp("rebuilt_reported")
      const fan = yield* signUp("rebuilt_reporter")
      const song = yield* songOf(maker, "Again Reported")
      filed(yield* report(fan, { kind: "song", id: song, reason: "spam" }))
      yield* settle
      const rows = Effect.all(
        ["moderation_reports", "moderation_people"].map((table) =>
          query(`select * from ${table} order by 1`),
        ),
      )
      const before = yield* rows
      yield* rebuildProjection(moderation)
      const once = yield* rows
      yield* rebuildProjection(moderation)
      expect(once).toEqual(before)
      expect(yield* rows).toEqual(before)
    }),
  )
})
