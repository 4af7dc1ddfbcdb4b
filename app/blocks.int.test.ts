import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, settle, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { query } from "#events/testing.ts"
import { CommentsPage } from "#projections/comments/api.ts"
import { comments } from "#projections/comments/projection.ts"
import { creators } from "#projections/creators/projection.ts"
import { rebuildProjection } from "#projections/runner.ts"
import { decodeBody } from "./testing-client.ts"
import { type Answer, type Person, songOf } from "./testing-playlists.ts"
import { refused, refusedWithoutSession } from "./testing-refusals.ts"

/** The authors of a song's comments and replies as `who` reads them, with the total they are told. */
const authorsFor = (who: Person, songId: string) =>
  Effect.map(who.person.get(`/api/songs/${songId}/comments`), (answer: Answer) => {
    const page = decodeBody(CommentsPage, answer)
    const authors = page.comments.flatMap((c) => [
      c.author.username,
      ...c.replies.map((r) => `↳${r.author.username}`),
    ])
    return { total: page.total, authors }
  })

const comment = (who: Person, songId: string, text: string, replyTo?: string) =>
  who.person.post(`/api/songs/${songId}/comments`, { text, ...(replyTo ? { replyTo } : {}) })

const idOf = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return (answer.body as { id: string }).id
}

const setFollow = (who: Person, whom: Person, on: boolean) =>
  who.person.send(`/api/creators/${whom.user.username}/follow`, { method: on ? "PUT" : "DELETE" })

const setBlock = (who: Person, whom: Person, on: boolean) =>
  who.person.send(`/api/creators/${whom.user.username}/block`, { method: on ? "PUT" : "DELETE" })

const profileFor = (who: Person, whom: Person) =>
  Effect.map(
    who.person.get(`/api/creators/${whom.user.username}`),
    (answer) => answer.body as { followers: number; following: number; blockedByYou: boolean },
  )

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("blocks", (it) => {
  it.effect("are one's own, of someone who exists, never of oneself", () =>
    Effect.gen(function* () {
      const someone = yield* signUp("blockee")
      const me = yield* signUp("blocker")
      const path = `/api/creators/${someone.user.username}/block`
      yield* refusedWithoutSession([
        ["PUT", path, undefined],
        ["DELETE", path, undefined],
        ["GET", "/api/blocks", undefined],
      ])
      refused(
        yield* me.person.send("/api/creators/nobody_here/block", { method: "PUT" }),
        404,
        /This person does not exist/,
      )
      refused(yield* setBlock(me, me, true), 400, /You cannot block yourself/)
      // Unblocking someone not blocked, or oneself, changes nothing.
      expect((yield* setBlock(me, someone, false)).body).toEqual({ blocking: false })
      expect((yield* setBlock(me, me, false)).body).toEqual({ blocking: false })
      expect((yield* me.person.get("/api/blocks")).body).toEqual([])
    }),
  )

  it.effect(
    "hide the blocked one's comments from the blocker, keep them from commenting, replying and following, and end follows both ways until lifted",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("quiet_owner")
        const troll = yield* signUp("loud_troll")
        const bystander = yield* signUp("bystander")
        const ownSong = yield* songOf(owner, "Quiet Song")
        const otherSong = yield* songOf(bystander, "Other Song")
        idOf(yield* comment(troll, ownSong, "Before the block"))
        idOf(yield* comment(bystander, ownSong, "Nice"))
        const ownersRemark = idOf(yield* comment(owner, otherSong, "I like this"))
        idOf(yield* comment(troll, otherSong, "Me too", ownersRemark))
        yield* setFollow(troll, owner, true)
        yield* setFollow(owner, troll, true)
        yield* settle
        expect(yield* profileFor(bystander, owner)).toMatchObject({ followers: 1, following: 1 })

        // Twice is one block.
        expect((yield* setBlock(owner, troll, true)).body).toEqual({ blocking: true })
        expect((yield* setBlock(owner, troll, true)).body).toEqual({ blocking: true })
        yield* settle
        expect((yield* owner.person.get("/api/blocks")).body).toEqual([
          { username: troll.user.username, name: troll.user.name, avatarUrl: null },
        ])
        // A person's blocks are theirs alone: neither the blocked one nor an admin reads them.
        expect((yield* troll.person.get("/api/blocks")).body).toEqual([])
        const admin = yield* signUpGrantedAdmin("block_admin")
        expect((yield* admin.person.get("/api/blocks")).body).toEqual([])
        expect(yield* profileFor(admin, troll)).toMatchObject({ blockedByYou: false })
        expect(yield* profileFor(owner, troll)).toMatchObject({ blockedByYou: true })
        expect(yield* profileFor(bystander, troll)).toMatchObject({ blockedByYou: false })
        // The follows between them ended, both ways.
        expect(yield* profileFor(bystander, owner)).toMatchObject({ followers: 0, following: 0 })

        refused(yield* setFollow(troll, owner, true), 403, /You cannot follow this creator/)
        refused(yield* setFollow(owner, troll, true), 403, /unblock them to follow them/)
        refused(yield* comment(troll, ownSong, "Let me in"), 403, /does not take your comments/)
        refused(
          yield* comment(troll, otherSong, "Still here", ownersRemark),
          400,
          /You cannot reply to this person/,
        )
        // Elsewhere the blocked one still talks, as others see.
        idOf(yield* comment(troll, otherSong, "On my own"))

        const trollName = troll.user.username
        const ownerName = owner.user.username
        const bystanderName = bystander.user.username
        expect(yield* authorsFor(owner, ownSong)).toEqual({ total: 1, authors: [bystanderName] })
        expect(yield* authorsFor(bystander, ownSong)).toEqual({
          total: 2,
          authors: [bystanderName, trollName],
        })
        expect(yield* authorsFor(owner, otherSong)).toEqual({ total: 1, authors: [ownerName] })
        expect((yield* authorsFor(bystander, otherSong)).authors).toEqual([
          trollName,
          ownerName,
          `↳${trollName}`,
        ])

        // Lifted: all of it again, but the follows stay ended until made again.
        expect((yield* setBlock(owner, troll, false)).body).toEqual({ blocking: false })
        yield* settle
        expect((yield* owner.person.get("/api/blocks")).body).toEqual([])
        expect((yield* authorsFor(owner, ownSong)).total).toBe(2)
        idOf(yield* comment(troll, ownSong, "Back again"))
        expect((yield* setFollow(troll, owner, true)).status).toBe(200)
        yield* settle
        expect(yield* profileFor(bystander, owner)).toMatchObject({ followers: 1, following: 0 })
      }),
  )

  it.effect("are rebuilt to the same rows, twice", () =>
    Effect.gen(function* () {
      const one = yield* signUp("rebuild_one")
      const two = yield* signUp("rebuild_two")
      const three = yield* signUp("rebuild_three")
      yield* setBlock(one, two, true)
      yield* setBlock(one, three, true)
      yield* setBlock(one, three, false)
      yield* setBlock(three, one, true)
      yield* settle
      const rows = Effect.all(
        ["comment_blocks", "creator_blocks"].map((table) =>
          query(`select * from ${table} order by 1, 2`),
        ),
      )
      const before = yield* rows
      expect(before.map((r) => r.length)).toEqual([2, 2])
      for (const projection of [comments, creators, comments, creators])
        yield* rebuildProjection(projection)
      expect(yield* rows).toEqual(before)
    }),
  )
})
