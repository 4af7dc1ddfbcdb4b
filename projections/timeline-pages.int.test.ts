import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeWithDatabase, query } from "#events/testing.ts"
import { timeline } from "./timeline.ts"
import { makeTimelinePages } from "./timeline-pages.ts"
import { readTimelineAnchors, readTimelinePage, readTimelineVersion } from "./timeline-reads.ts"

const songs = 1_400
const pageSize = 20

/**
 * A timeline of 1,260 public songs (every tenth is private) where the order leans on every part of its
 * key: four like counts, three creation seconds, and microseconds apart within them, many songs sharing
 * all of it but their id. Written straight into the read model, as the benchmark does; each test seeds
 * it (once: the rows are already there for the next).
 */
const seed = Effect.gen(function* () {
  yield* timeline.setup
  yield* query(
    `insert into timeline_creators (user_id, username)
     select 'user-' || g, 'creator_' || g from generate_series(1, 50) g on conflict do nothing`,
  )
  yield* query(
    `insert into timeline_songs (song_id, owner_id, title, style, lyrics, image_key, source_image_url,
       duration_ms, is_public, generation_id, created_at, likes, tags)
     select md5('song-' || g)::uuid::text, 'user-' || (1 + g % 50), 'Song ' || g, 'Pop', '', null, null,
       30000, g % 10 <> 0, null,
       timestamptz '2026-01-01 00:00:00Z' + make_interval(secs => (g % 3) + (g % 7) * 0.000001),
       g % 4, '{}'
     from generate_series(1, $1::int) g on conflict do nothing`,
    [songs],
  )
  yield* query(
    `insert into timeline_stats (id, public_count, last_seq, pruned_through)
     select 1, count(*), 0, 0 from timeline_songs where is_public on conflict do nothing`,
  )
})

/** The page as counted from the top, the way the order is defined. */
const counted = (offset: number) =>
  Effect.map(
    query<{ song_id: string }>(
      `select song_id from timeline_songs where is_public
        order by likes desc, created_at desc, song_id desc limit $1 offset $2`,
      [pageSize, offset],
    ),
    (rows) => rows.map((r) => r.song_id),
  )

const offsets = [0, 480, 499, 500, 501, 980, 999, 1000, 1001, 1239, 1240, 1255, 1260, 1300]

describeWithDatabase()("timeline pages", (it) => {
  it.effect("deep pages start from anchors and match the order counted from the top", () =>
    Effect.gen(function* () {
      yield* seed
      const anchors = yield* readTimelineAnchors(500)
      expect(anchors.keys).toHaveLength(2)
      expect(anchors.version).toBe(yield* readTimelineVersion)
      for (const offset of offsets) {
        const expected = yield* counted(offset)
        const page = yield* readTimelinePage({
          limit: pageSize,
          offset,
          snapshot: undefined,
          anchors,
        })
        expect(
          page.songs.map((s) => s.songId),
          `offset ${offset}`,
        ).toEqual(expected)
        expect(page.total).toBe(1_260)
        // Anchors of another version are not used, and the page is still right.
        const stale = yield* readTimelinePage({
          limit: pageSize,
          offset,
          snapshot: undefined,
          anchors: { ...anchors, version: "another" },
        })
        expect(stale.songs.map((s) => s.songId)).toEqual(expected)
      }
      // Through the pages in memory, as the server reads them.
      const pages = yield* makeTimelinePages({ capacity: 4 })
      for (const offset of offsets) {
        const page = yield* pages.page({
          limit: pageSize,
          offset,
          snapshot: undefined,
          viewerId: undefined,
        })
        expect(page.songs.map((s) => s.songId)).toEqual(yield* counted(offset))
      }
    }),
  )

  it.effect("an anchor read at the page's version is what places a deep page", () =>
    Effect.gen(function* () {
      yield* seed
      const anchors = yield* readTimelineAnchors(500)
      // The first anchor moved one song down: a page read from it starts one song later.
      const [first, second] = anchors.keys
      const shifted = { ...anchors, keys: [second!, second!] }
      const page = yield* readTimelinePage({
        limit: pageSize,
        offset: 500,
        snapshot: undefined,
        anchors: shifted,
      })
      expect(first).not.toEqual(second)
      expect(page.songs.map((s) => s.songId)).toEqual(yield* counted(1_000))
    }),
  )

  it.effect(
    "each viewer sees their own hearts on a shared page; viewers who liked the same share it",
    () =>
      Effect.gen(function* () {
        yield* seed
        const first = yield* counted(0)
        const likes = (user: string, ids: ReadonlyArray<string>) =>
          Effect.forEach(ids, (id) =>
            query("insert into timeline_likes (song_id, user_id) values ($1, $2)", [id, user]),
          )
        yield* likes("ada", [first[0]!, first[3]!])
        yield* likes("bob", [first[3]!])
        yield* likes("cy", [first[3]!, first[0]!])
        const pages = yield* makeTimelinePages({ capacity: 4 })
        const pageFor = (viewerId: string | undefined) =>
          pages.page({ limit: pageSize, offset: 0, snapshot: undefined, viewerId })
        const hearts = (page: { readonly songs: ReadonlyArray<{ readonly liked: boolean }> }) =>
          page.songs.flatMap((song, index) => (song.liked ? [index] : []))

        const anonymous = yield* pageFor(undefined)
        const ada = yield* pageFor("ada")
        const bob = yield* pageFor("bob")
        const cy = yield* pageFor("cy")
        const dee = yield* pageFor("dee")
        expect(hearts(anonymous)).toEqual([])
        expect(hearts(ada)).toEqual([0, 3])
        expect(hearts(bob)).toEqual([3])
        expect(hearts(cy)).toEqual([0, 3])
        expect(hearts(dee)).toEqual([])
        // Read again, nobody gets another's hearts, and the anonymous page is untouched.
        expect(hearts(yield* pageFor("bob"))).toEqual([3])
        expect(hearts(yield* pageFor("ada"))).toEqual([0, 3])
        expect(hearts(yield* pageFor(undefined))).toEqual([])
        expect(cy).toBe(ada)
        expect(dee).toBe(anonymous)
        expect(ada.songs.map((s) => s.songId)).toEqual(first)
      }),
  )
})
