import { SqlClient } from "@effect/sql"
import { Duration, Effect, Fiber } from "effect"
import type { PgPool } from "#events/store/pg-client.ts"
import { setBounded } from "#toolkit/bounded-map.ts"
import { keptFresh } from "#toolkit/kept-fresh.ts"
import { oncePerObject } from "#toolkit/once-per-object.ts"
import type { ReadStamp } from "../read-stamps.ts"
import type { SongRow } from "./song-rows.ts"
import { makeTimelineOrder, type OrderPage, type OrderState } from "./timeline-order.ts"
import {
  readOrderChanges,
  readTimelineOrder,
  readTimelineStamp,
  songsInOrderReader,
} from "./timeline-reads.ts"
import { readTimelinePage, snapshotOf, type TimelinePage } from "./timeline-snapshot-pages.ts"

/** How long the timeline's stamp is taken as current before it is read again, and the most it is late. */
const stampFreshness = Duration.millis(100)
const stampLimit = Duration.millis(250)

/** How many sets of liked songs are kept per page (the oldest makes room). */
const variantsPerPage = 32

/**
 * Starts `read` at once on a fiber of its own and answers everyone who awaits it: a reader who leaves
 * stops waiting, and the read goes on for the others. Its outcome is awaited, not joined: joining would
 * hand every later reader the fiber refs of the request that started it (its response handlers among
 * them), and that reader's own response would never be written.
 */
const startShared = <A>(read: Effect.Effect<A>) =>
  Effect.map(Effect.forkDaemon(read), (fiber) => Effect.flatten(Fiber.await(fiber)))

/**
 * Public timeline pages from memory. The order of public songs is held in memory (`timeline-order.ts`)
 * and brought forward with the songs the log says moved, so a page at any depth is a slice of ids and
 * its songs, which are read by id once and kept until the log says they changed. Everyone reads the same
 * few pages, so each page is made once per stamp of the timeline and kept, and only whether the viewer
 * liked its songs is asked per request.
 *
 * Once the stamp is 100 ms old it is read again in the background, and readers go on with the one they
 * have until the order is brought to the new one; after `refresh` (which the catalog calls once a write of
 * this process reached the timeline, so its author sees it on the next read) it is read at once and
 * awaited; once 250 ms old, readers wait for it. A page is never older than the stamp it is kept under.
 * Another server process sees a change 100 to 250 ms late. A page cut at an older snapshot is read from the database (`readTimelinePage`).
 */
export const makeTimelinePages = (options: {
  /** How many pages are kept. */
  readonly capacity: number
  /** How many songs are kept as read, for pages cut from the order that are not kept (see `readPage`). */
  readonly songCapacity: number
}) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const context = yield* Effect.context<SqlClient.SqlClient | PgPool>()
    const order = makeTimelineOrder()
    const songsInOrder = yield* songsInOrderReader
    // Songs as read while the order stood where it stands: a song the log names as changed is read again.
    const keptSongs = new Map<string, SongRow>()
    // Which public songs there are, numbered: the same from one state to the next while likes and plays
    // only move them around (a cache of answers may then keep an answer a little longer).
    let songSets = 0
    const songSetOf = new WeakMap<OrderState, number>()
    // Read whole the first time, after a rebuild and after a gap in the log; else only what moved.
    const bringForward = Effect.gen(function* () {
      const read = order.at
      if (read !== undefined && read.stamp === (yield* readTimelineStamp)) return read
      const changes = read === undefined ? undefined : yield* readOrderChanges(read)
      if (changes === undefined) {
        const whole = yield* readTimelineOrder
        order.reset(whole.state, whole.placed)
        keptSongs.clear()
        songSetOf.set(whole.state, ++songSets)
        return whole.state
      }
      const joinedOrLeft = order.advance(changes.state, changes.moved)
      for (const move of changes.moved) keptSongs.delete(move.songId)
      songSetOf.set(changes.state, joinedOrLeft ? ++songSets : songSets)
      return changes.state
    }).pipe(Effect.provide(context))

    /** The page of `inOrder` from kept songs alone; undefined when some of them must be read. */
    const pageFromKept = (inOrder: OrderPage): TimelinePage | undefined => {
      const songs: Array<SongRow> = []
      for (const id of inOrder.songIds) {
        const song = keptSongs.get(id)
        if (song === undefined) return undefined
        songs.push(song)
      }
      return { songs, total: inOrder.total, snapshot: inOrder.snapshot }
    }

    /**
     * The page of `inOrder`, cut from the order at `state`, reading the songs not kept yet. Each song is
     * read once until the log says it changed, however the pages around it shift. What is read is kept
     * only while the order still stands at `state`: were it brought forward meanwhile, the read may be
     * older than a change the order has just forgotten.
     */
    const readPage = (inOrder: OrderPage, state: OrderState) => {
      // Taken now, at `state`: the order may drop some of them before the read is answered.
      const kept = inOrder.songIds.map((id) => keptSongs.get(id))
      return Effect.map(
        songsInOrder(inOrder.songIds.filter((_, i) => kept[i] === undefined)),
        (read): TimelinePage => {
          const byId = new Map(read.map((song) => [song.songId, song] as const))
          const songs = inOrder.songIds.flatMap((id, i) => kept[i] ?? byId.get(id) ?? [])
          if (order.at === state) {
            for (const song of read) setBounded(keptSongs, song.songId, song, options.songCapacity)
          }
          return { songs, total: inOrder.total, snapshot: inOrder.snapshot }
        },
      )
    }

    const { get: current, refresh } = yield* keptFresh(bringForward, stampFreshness, {
      atMost: stampLimit,
    })
    const stamp = Effect.map(
      current,
      (state): ReadStamp => ({ state: state.stamp, listing: `${songSetOf.get(state) ?? 0}` }),
    )
    // Pages of the current stamp only, each read once even when many readers ask at the same moment.
    // A page's read is put in the map before it starts, so a read that began before a newer stamp was
    // seen never lands among that stamp's pages.
    let pagesOf = ""
    const pages = new Map<string, Effect.Effect<TimelinePage>>()
    const shared = (query: {
      readonly limit: number
      readonly offset: number
      readonly snapshot: number | undefined
    }) =>
      Effect.gen(function* () {
        const state = yield* current
        if (state.stamp !== pagesOf) {
          pages.clear()
          pagesOf = state.stamp
        }
        const key = `${query.snapshot ?? ""}/${query.limit}/${query.offset}`
        const known = pages.get(key)
        if (known) return yield* known
        // The ids are cut now, from the order at this very state: had it been brought further forward
        // meanwhile, a page asked for at this state's snapshot is read from the database instead.
        const inOrder =
          order.at === state && snapshotOf(query.snapshot, state) === state.lastSeq
            ? order.page(query.offset, query.limit)
            : undefined
        const fromKept = inOrder && pageFromKept(inOrder)
        const read = fromKept
          ? Effect.succeed(fromKept)
          : yield* startShared(
              inOrder === undefined
                ? Effect.provide(readTimelinePage(query), context)
                : readPage(inOrder, state),
            )
        setBounded(pages, key, read, options.capacity)
        return yield* read.pipe(
          Effect.tapErrorCause(() =>
            Effect.sync(() => pages.get(key) === read && pages.delete(key)),
          ),
        )
      })

    const likedAmong = (viewerId: string, songIds: ReadonlyArray<string>) =>
      sql<{ song_id: string }>`
        select song_id from timeline_likes
         where user_id = ${viewerId} and song_id in ${sql.in(songIds)}`.pipe(
        Effect.map((rows) => new Set(rows.map((r) => r.song_id))),
        Effect.orDie,
      )

    const page = (query: {
      readonly limit: number
      readonly offset: number
      readonly snapshot: number | undefined
      readonly viewerId: string | undefined
    }) =>
      Effect.gen(function* () {
        const { viewerId, ...position } = query
        const page = yield* shared(position)
        if (viewerId === undefined || page.songs.length === 0) return page
        const liked = yield* likedAmong(
          viewerId,
          page.songs.map((song) => song.songId),
        )
        return withLiked(page, liked)
      })

    // A shared page as a viewer who liked some of its songs sees it, one per set of liked songs: viewers who
    // liked the same (most liked none) get the same object, which the catalog converts and encodes once.
    const variantsOf = oncePerObject((_: TimelinePage) => new Map<string, TimelinePage>())
    const withLiked = (page: TimelinePage, liked: ReadonlySet<string>) => {
      if (liked.size === 0) return page
      const key = [...liked].sort().join()
      const ofPage = variantsOf(page)
      const known = ofPage.get(key)
      if (known) return known
      // The songs the viewer did not like stay the page's own objects, whose views are already made.
      const variant: TimelinePage = {
        ...page,
        songs: page.songs.map((song) => (liked.has(song.songId) ? { ...song, liked: true } : song)),
      }
      setBounded(ofPage, key, variant, variantsPerPage)
      return variant
    }

    /** The timeline's stamp, as the pages are kept under it: a cache of answers built from pages uses it. */
    return { page, refresh, stamp }
  })
