import { createHash } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { expect } from "@effect/vitest"
import { Deferred, Effect, Fiber, Schedule } from "effect"
import { describeWithDatabase, query } from "#events/testing.ts"
import { timeline } from "./timeline.ts"
import { makeTimelinePages } from "./timeline-pages.ts"
import type { TimelinePage } from "./timeline-snapshot-pages.ts"

type TimelinePages = Effect.Effect.Success<ReturnType<typeof makeTimelinePages>>

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

/** The id the seed gives its `g`-th song. */
const md5Id = (g: number) =>
  createHash("md5")
    .update(`song-${g}`)
    .digest("hex")
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5")

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

/** The current page at `offset`, as someone who is not signed in reads it. */
const pageAt = (pages: TimelinePages, offset: number) =>
  pages.page({ limit: pageSize, offset, snapshot: undefined, viewerId: undefined })

/** The title a page shows for a song. */
const titleOf = (page: TimelinePage, songId: string) =>
  page.songs.find((song) => song.songId === songId)?.title

/** The ids of every page at `offsets`, as the server reads them. */
const pagesAt = (pages: TimelinePages) =>
  Effect.forEach(offsets, (offset) =>
    Effect.map(pageAt(pages, offset), (page) => ({
      offset,
      ids: page.songs.map((s) => s.songId),
      total: page.total,
    })),
  )

const countedAt = Effect.forEach(offsets, (offset) =>
  Effect.map(counted(offset), (ids) => ({ offset, ids })),
)

/** Every page read is the page counted from the top, the way the order is defined. */
const expectAsCounted = (read: ReadonlyArray<{ readonly offset: number; readonly ids: unknown }>) =>
  Effect.map(countedAt, (expected) =>
    expect(read.map(({ offset, ids }) => ({ offset, ids }))).toEqual(expected),
  )

/** The seeded timeline's pages, each read once already: the order is in memory. */
const seededPages = Effect.gen(function* () {
  yield* seed
  const pages = yield* makeTimelinePages({ capacity: 4, songCapacity: 1_000 })
  yield* pagesAt(pages)
  return pages
})

const publicCount = Effect.map(
  query<{ n: number }>("select count(*)::int as n from timeline_songs where is_public"),
  ([row]) => row!.n,
)

/**
 * Changes songs the way the projection does: each change is logged with what the song was before, and
 * the counters name the log's last entry.
 */
const change = (
  songIds: ReadonlyArray<string>,
  set: { readonly likes?: string; readonly isPublic?: boolean },
) =>
  Effect.gen(function* () {
    yield* query(
      `insert into timeline_changes (song_id, likes_before, public_before)
       select song_id, likes, is_public from timeline_songs where song_id = any($1::text[])`,
      [songIds],
    )
    yield* query(
      `update timeline_songs set likes = ${set.likes ?? "likes"},
         is_public = coalesce($2::boolean, is_public) where song_id = any($1::text[])`,
      [songIds, set.isPublic ?? null],
    )
    yield* query(
      `update timeline_stats set last_seq = (select max(seq) from timeline_changes),
         public_count = (select count(*) from timeline_songs where is_public)`,
    )
  })

describeWithDatabase()("timeline pages", (it) => {
  it.effect(
    "pages at any depth, cut from the order in memory, match the order counted from the top",
    () =>
      Effect.gen(function* () {
        yield* seed
        const read = yield* pagesAt(yield* makeTimelinePages({ capacity: 4, songCapacity: 1_000 }))
        yield* expectAsCounted(read)
        for (const page of read) expect(page.total).toBe(1_260)
      }),
  )

  it.effect(
    "a page of the current order is cut from memory, not counted again in the database",
    () =>
      Effect.gen(function* () {
        const pages = yield* seededPages
        const before = yield* counted(40)
        // Written behind the log's back: the version does not move, so the order in memory stays as read.
        yield* query("update timeline_songs set likes = 9 where song_id = $1", [before[19]!])
        const page = yield* pages.page({
          limit: 5,
          offset: 55,
          snapshot: undefined,
          viewerId: undefined,
        })
        expect(page.songs.map((s) => s.songId)).toEqual(before.slice(15, 20))
        expect(yield* counted(40)).not.toEqual(before)
      }),
  )

  it.effect(
    "a song is read once and kept, whatever pages list it, until the log says it changed",
    () =>
      Effect.gen(function* () {
        const pages = yield* seededPages
        const ids = yield* counted(500)
        const [quiet, logged] = [ids[12]!, ids[15]!]
        // Two pages the seeding did not ask for list the same song objects where they overlap.
        const first = yield* pageAt(pages, 510)
        const overlapping = yield* pageAt(pages, 505)
        expect(overlapping.songs[10]).toBe(first.songs[5])
        // Retitled behind the log's back: the version does not move, and neither page is read again.
        yield* query(
          "update timeline_songs set title = 'Retitled' where song_id = any($1::text[])",
          [[quiet, logged]],
        )
        // The log names one of them (its likes unchanged, so the order stays): the pages are made again,
        // and only that song is read again.
        yield* change([logged], {})
        yield* pages.refresh
        const again = yield* pageAt(pages, 500)
        expect(titleOf(again, logged)).toBe("Retitled")
        expect(titleOf(again, quiet)).toBe(titleOf(first, quiet))
        expect(again.songs.map((s) => s.songId)).toEqual(ids)
        expect(again.songs[10]).toBe(overlapping.songs[5])
      }),
  )

  it.effect(
    "a page whose read outlasts a move of the order keeps its songs, and keeps none of what it read",
    () =>
      Effect.gen(function* () {
        const pages = yield* seededPages
        const sql = yield* SqlClient.SqlClient
        const ids = yield* counted(510)
        // The seeding read the songs down to 520: the first eleven are kept, the rest must be read.
        const [kept, read] = [ids[2]!, ids[15]!]
        // The read of the rest waits behind a lock on the creators, which nothing else here needs.
        const locked = yield* Deferred.make<void>()
        const release = yield* Deferred.make<void>()
        const locker = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`lock table timeline_creators in access exclusive mode`
              yield* Deferred.succeed(locked, undefined)
              yield* Deferred.await(release)
            }),
          )
          .pipe(Effect.orDie, Effect.fork)
        yield* Deferred.await(locked)
        const reading = yield* Effect.fork(pageAt(pages, 510))
        yield* query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and datname = current_database()`,
        ).pipe(
          Effect.repeat({ until: ([row]) => row!.n > 0, schedule: Schedule.spaced("10 millis") }),
        )
        // Meanwhile the log names a kept song of the page (its place unchanged): the order drops it.
        yield* change([kept], {})
        yield* pages.refresh
        yield* Deferred.succeed(release, undefined)
        yield* Fiber.join(locker)
        expect((yield* Fiber.join(reading)).songs.map((s) => s.songId)).toEqual(ids)
        // What that read brought was not kept: the order had moved on by the time it was answered.
        yield* query("update timeline_songs set title = 'Retitled' where song_id = $1", [read])
        expect(titleOf(yield* pageAt(pages, 520), read)).toBe("Retitled")
      }),
  )

  it.effect(
    "the order follows the songs that moved: likes, a song made private, songs made public",
    () =>
      Effect.gen(function* () {
        const pages = yield* seededPages
        const top = yield* counted(0)
        const deep = yield* counted(1_000)
        // A deep song rises to the top, the first song sinks, another goes private, two become public.
        yield* change([deep[5]!], { likes: "likes + 10" })
        yield* change([top[0]!], { likes: "0" })
        yield* change([top[1]!], { isPublic: false })
        yield* change([md5Id(10), md5Id(20)], { isPublic: true })
        yield* pages.refresh
        const read = yield* pagesAt(pages)
        yield* expectAsCounted(read)
        expect(read[0]!.ids[0]).toBe(deep[5])
        expect(read.flatMap((page) => page.ids)).not.toContain(top[1])
        for (const page of read) expect(page.total).toBe(1_261)
        // More songs than are moved one at a time: the order is sorted again, to the same result.
        const many = yield* query<{ song_id: string }>(
          "select song_id from timeline_songs where is_public and likes = 2 limit 300",
        )
        yield* change(
          many.map((r) => r.song_id),
          { likes: "likes + 1" },
        )
        yield* pages.refresh
        yield* expectAsCounted(yield* pagesAt(pages))
      }),
  )

  it.effect(
    "the whole order is read again after a rebuild, or when the log lost what it needs",
    () =>
      Effect.gen(function* () {
        const pages = yield* seededPages
        const top = yield* counted(0)
        // A change whose log entry was pruned: the order cannot follow it, so it is read whole.
        yield* change([top[0]!], { likes: "0" })
        yield* query("delete from timeline_changes")
        yield* query("update timeline_stats set pruned_through = last_seq")
        yield* pages.refresh
        yield* expectAsCounted(yield* pagesAt(pages))
        // A rebuild starts a new log, whose numbers may repeat the old ones: every song is read again.
        yield* query("update timeline_songs set likes = 0 where song_id = $1", [top[3]!])
        yield* query("update timeline_songs set title = 'Rebuilt' where song_id = $1", [top[5]!])
        yield* query("update timeline_stats set started_at = clock_timestamp()")
        yield* pages.refresh
        const read = yield* pagesAt(pages)
        yield* expectAsCounted(read)
        expect(read[0]!.total).toBe(yield* publicCount)
        expect(titleOf(yield* pageAt(pages, 0), top[5]!)).toBe("Rebuilt")
      }),
  )

  it.effect(
    "a page cut at an older snapshot keeps its order, without songs made private since",
    () =>
      Effect.gen(function* () {
        yield* seed
        const pages = yield* makeTimelinePages({ capacity: 4, songCapacity: 1_000 })
        const first = yield* pageAt(pages, 0)
        const second = yield* counted(pageSize)
        // A song of the second page climbs to the top, and another of it goes private.
        yield* change([second[2]!], { likes: "likes + 10" })
        yield* change([second[7]!], { isPublic: false })
        yield* pages.refresh
        const later = yield* pages.page({
          limit: pageSize,
          offset: pageSize,
          snapshot: first.snapshot,
          viewerId: undefined,
        })
        expect(later.snapshot).toBe(first.snapshot)
        expect(later.songs.map((s) => s.songId)).toEqual(second.filter((_, i) => i !== 7))
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
        const pages = yield* makeTimelinePages({ capacity: 4, songCapacity: 1_000 })
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
        // Songs a viewer did not like are the page's own objects, whose views are made once.
        expect(bob.songs[0]).toBe(anonymous.songs[0])
        expect(bob.songs[3]).not.toBe(anonymous.songs[3])
        expect(ada.songs.map((s) => s.songId)).toEqual(first)
      }),
  )
})
